package io.equitoken.compliance.kyc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.equitoken.compliance.document.DocumentFormat;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/** Whatever a client claims, only content that really is the declared format gets through. */
class DocumentChecksProperties {

  private final UploadLimits limits = new UploadLimits(10_000, 30_000, 5);

  @Property(tries = 300)
  void shouldAcceptADocumentOnlyWhenItsBytesAreTheDeclaredFormat(
      @ForAll @Size(min = 1, max = 64) byte[] content, @ForAll("declared") String declaredType) {
    List<Upload> uploads =
        List.of(
            new Upload("passport", declaredType, content),
            new Upload("bill.pdf", "application/pdf", KycFixtures.PDF));

    RefusedException rejected =
        catchThrowableOfType(
            RefusedException.class,
            () ->
                DocumentChecks.check(
                    KycFixtures.details(DocumentType.PASSPORT, DocumentType.PROOF_OF_ADDRESS),
                    uploads,
                    limits));

    boolean genuine =
        DocumentFormat.sniff(content).isPresent()
            && DocumentFormat.sniff(content).equals(DocumentFormat.ofContentType(declaredType));
    if (genuine) {
      assertThat(rejected).isNull();
    } else {
      assertThat(rejected).isNotNull();
      assertThat(rejected.refusal().kind())
          .isIn(Refusal.Kind.UNSUPPORTED_MEDIA_TYPE, Refusal.Kind.UNPROCESSABLE);
    }
  }

  @Property(tries = 100)
  void shouldAcceptGenuineFilesOfEveryFormatWithAnyTrailingBytes(
      @ForAll("formats") DocumentFormat format, @ForAll @Size(max = 256) byte[] tail) {
    byte[] magic =
        switch (format) {
          case PDF -> KycFixtures.PDF;
          case JPEG -> KycFixtures.JPEG;
          case PNG -> KycFixtures.PNG;
        };
    byte[] content = new byte[magic.length + tail.length];
    System.arraycopy(magic, 0, content, 0, magic.length);
    System.arraycopy(tail, 0, content, magic.length, tail.length);

    List<CheckedDocument> checked =
        DocumentChecks.check(
            KycFixtures.details(DocumentType.PASSPORT, DocumentType.PROOF_OF_ADDRESS),
            List.of(
                new Upload("scan", format.contentType(), content),
                new Upload("bill.pdf", "application/pdf", KycFixtures.PDF)),
            limits);

    assertThat(checked.get(0).format()).isEqualTo(format);
  }

  @Provide
  Arbitrary<String> declared() {
    return Arbitraries.of(
        "application/pdf",
        "image/jpeg",
        "image/png",
        "image/gif",
        "text/plain",
        "application/x-msdownload");
  }

  @Provide
  Arbitrary<DocumentFormat> formats() {
    return Arbitraries.of(DocumentFormat.class);
  }
}
