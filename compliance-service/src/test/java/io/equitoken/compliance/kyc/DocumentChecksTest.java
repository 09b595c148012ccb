package io.equitoken.compliance.kyc;

import static io.equitoken.compliance.kyc.DocumentType.ACCREDITATION_EVIDENCE;
import static io.equitoken.compliance.kyc.DocumentType.NATIONAL_ID;
import static io.equitoken.compliance.kyc.DocumentType.PASSPORT;
import static io.equitoken.compliance.kyc.DocumentType.PROOF_OF_ADDRESS;
import static io.equitoken.compliance.kyc.KycFixtures.JPEG;
import static io.equitoken.compliance.kyc.KycFixtures.PDF;
import static io.equitoken.compliance.kyc.KycFixtures.PNG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.equitoken.compliance.document.DocumentFormat;
import io.equitoken.compliance.document.Sha256;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DocumentChecksTest {

  private final UploadLimits limits = new UploadLimits(100, 150, 3);

  @Test
  void shouldAcceptDocumentsWhoseBytesDeclaredTypeAndNameAgree() {
    // given
    List<Upload> uploads =
        List.of(
            new Upload("passport.png", "image/png", PNG),
            new Upload("bill.PDF", "application/pdf", PDF));

    // when
    List<CheckedDocument> checked =
        DocumentChecks.check(KycFixtures.details(PASSPORT, PROOF_OF_ADDRESS), uploads, limits);

    // then
    assertThat(checked)
        .extracting(CheckedDocument::format)
        .containsExactly(DocumentFormat.PNG, DocumentFormat.PDF);
    assertThat(checked)
        .extracting(CheckedDocument::type)
        .containsExactly(PASSPORT, PROOF_OF_ADDRESS);
    assertThat(checked.get(1).sha256()).isEqualTo(Sha256.hex(PDF));
  }

  @Test
  void shouldRejectAFileWhoseBytesAreNoAcceptedFormatWhateverItsNameAndDeclaredType() {
    Upload exe = new Upload("passport.pdf", "application/pdf", "MZ\u0090 not a pdf".getBytes());

    Refusal rejection = rejectionOf(List.of(exe, new Upload("b.pdf", "application/pdf", PDF)));

    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.UNSUPPORTED_MEDIA_TYPE);
    assertThat(rejection.extensions()).containsEntry("field", "documents[0]");
  }

  @Test
  void shouldRejectAFileDeclaredAsOneAcceptedFormatButContainingAnother() {
    Refusal rejection =
        rejectionOf(
            List.of(
                new Upload("p.png", "image/png", JPEG),
                new Upload("b.pdf", "application/pdf", PDF)));

    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.UNPROCESSABLE);
    assertThat(rejection.code()).isEqualTo("document-type-mismatch");
    assertThat(rejection.detail()).contains("image/png").contains("image/jpeg");
  }

  @Test
  void shouldRejectAFileWhoseExtensionDisguisesItsRealType() {
    Refusal rejection =
        rejectionOf(
            List.of(
                new Upload("p.jpg", "image/png", PNG),
                new Upload("b.pdf", "application/pdf", PDF)));

    assertThat(rejection.code()).isEqualTo("document-type-mismatch");
    assertThat(rejection.detail()).contains(".jpg");
  }

  @Test
  void shouldRejectADeclaredTypeOutsideTheAcceptedOnes() {
    Refusal rejection =
        rejectionOf(
            List.of(
                new Upload("p.gif", "image/gif", PNG),
                new Upload("b.pdf", "application/pdf", PDF)));

    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.UNSUPPORTED_MEDIA_TYPE);
  }

  @Test
  void shouldRejectAnEmptyFile() {
    Refusal rejection =
        rejectionOf(
            List.of(
                new Upload("p.png", "image/png", new byte[0]),
                new Upload("b.pdf", "application/pdf", PDF)));

    assertThat(rejection.code()).isEqualTo("empty-document");
    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.UNPROCESSABLE);
  }

  @Test
  void shouldRejectAFileOverThePerFileLimit() {
    Refusal rejection =
        rejectionOf(
            List.of(
                new Upload("p.png", "image/png", new byte[101]),
                new Upload("b.pdf", "application/pdf", PDF)));

    assertThat(rejection.code()).isEqualTo("document-too-large");
    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.PAYLOAD_TOO_LARGE);
  }

  @Test
  void shouldRejectFilesTogetherOverThePerSubmissionLimit() {
    byte[] big = new byte[90];
    System.arraycopy(PDF, 0, big, 0, PDF.length);

    Refusal rejection =
        rejectionOf(
            List.of(
                new Upload("p.pdf", "application/pdf", big),
                new Upload("b.pdf", "application/pdf", big)));

    assertThat(rejection.code()).isEqualTo("submission-too-large");
  }

  @Test
  void shouldRejectMoreFilesThanTheLimitBeforeReadingAny() {
    RefusedException e =
        catchThrowableOfType(
            RefusedException.class,
            () ->
                DocumentChecks.checkCount(
                    4, KycFixtures.details(PASSPORT, PROOF_OF_ADDRESS), limits));

    assertThat(e.refusal().code()).isEqualTo("too-many-documents");
    assertThat(e.refusal().kind()).isEqualTo(Refusal.Kind.PAYLOAD_TOO_LARGE);
  }

  @Test
  void shouldRejectACountOfTypesThatDiffersFromTheCountOfFiles() {
    RefusedException e =
        catchThrowableOfType(
            RefusedException.class,
            () ->
                DocumentChecks.checkCount(
                    1, KycFixtures.details(PASSPORT, PROOF_OF_ADDRESS), limits));

    assertThat(e.refusal().code()).isEqualTo("document-types-mismatch");
    assertThat(e.refusal().kind()).isEqualTo(Refusal.Kind.BAD_REQUEST);
  }

  @Test
  void shouldRequireAnIdentityDocumentAndAProofOfAddress() {
    RefusedException e =
        catchThrowableOfType(
            RefusedException.class,
            () ->
                DocumentChecks.check(
                    KycFixtures.details(PROOF_OF_ADDRESS),
                    List.of(new Upload("b.pdf", "application/pdf", PDF)),
                    limits));

    assertThat(e.refusal().code()).isEqualTo("documents-missing");
    assertThat(e.refusal().extensions().get("missing"))
        .isEqualTo(List.of("passport or national_id"));
  }

  @Test
  void shouldRequireAccreditationEvidenceWhenAccreditationIsClaimed() {
    RefusedException e =
        catchThrowableOfType(
            RefusedException.class,
            () ->
                DocumentChecks.check(
                    KycFixtures.accreditedDetails(NATIONAL_ID, PROOF_OF_ADDRESS),
                    List.of(
                        new Upload("id.pdf", "application/pdf", PDF),
                        new Upload("b.pdf", "application/pdf", PDF)),
                    limits));

    assertThat(e.refusal().extensions().get("missing"))
        .isEqualTo(List.of(ACCREDITATION_EVIDENCE.wire()));
  }

  private Refusal rejectionOf(List<Upload> uploads) {
    return catchThrowableOfType(
            RefusedException.class,
            () ->
                DocumentChecks.check(
                    KycFixtures.details(PASSPORT, PROOF_OF_ADDRESS), uploads, limits))
        .refusal();
  }
}
