package io.equitoken.compliance.kyc;

import io.equitoken.compliance.document.DocumentFormat;
import io.equitoken.compliance.document.Sha256;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * The upload rules of a submission. A file is accepted only if its bytes are a PDF, JPEG or PNG and
 * its declared content type (and file extension, when it has a known one) say the same thing: a
 * file that lies about its type is refused rather than trusted.
 */
public final class DocumentChecks {

  private DocumentChecks() {}

  /** Checked before any file is read: the number of parts against the limits and the details. */
  public static void checkCount(int parts, KycDetails details, UploadLimits limits) {
    if (parts > limits.maxFiles()) {
      throw limits.tooManyFiles(parts).exception();
    }
    if (parts == 0) {
      throw Refusal.of(
              Refusal.Kind.BAD_REQUEST,
              "documents-required",
              "At least one documents part is required.")
          .with("field", "documents")
          .exception();
    }
    if (parts != details.documentTypes().size()) {
      throw Refusal.of(
              Refusal.Kind.BAD_REQUEST,
              "document-types-mismatch",
              "details.documentTypes lists "
                  + details.documentTypes().size()
                  + " types but "
                  + parts
                  + " documents parts were sent; list one type per part, in part order.")
          .with("field", "details.documentTypes")
          .exception();
    }
  }

  public static List<CheckedDocument> check(
      KycDetails details, List<Upload> uploads, UploadLimits limits) {
    checkCount(uploads.size(), details, limits);
    long total = 0;
    List<CheckedDocument> checked = new ArrayList<>();
    for (int i = 0; i < uploads.size(); i++) {
      Upload upload = uploads.get(i);
      if (upload.content().length > limits.maxFileBytes()) {
        throw limits.fileTooLarge(i).exception();
      }
      total += upload.content().length;
      if (total > limits.maxSubmissionBytes()) {
        throw limits.submissionTooLarge().exception();
      }
      DocumentFormat format = format(i, upload);
      checked.add(
          new CheckedDocument(
              UUID.randomUUID(),
              i,
              details.documentTypes().get(i),
              format,
              upload.content(),
              Sha256.hex(upload.content())));
    }
    checkComposition(details);
    return checked;
  }

  private static DocumentFormat format(int i, Upload upload) {
    String field = "documents[" + i + "]";
    if (upload.content().length == 0) {
      throw Refusal.of(Refusal.Kind.UNPROCESSABLE, "empty-document", "Document " + i + " is empty.")
          .with("field", field)
          .exception();
    }
    Optional<DocumentFormat> declared = DocumentFormat.ofContentType(upload.declaredContentType());
    if (declared.isEmpty()) {
      throw unsupported(
          field,
          "Document "
              + i
              + " is declared as "
              + upload.declaredContentType()
              + "; accepted: "
              + DocumentFormat.accepted()
              + ".");
    }
    Optional<DocumentFormat> sniffed = DocumentFormat.sniff(upload.content());
    if (sniffed.isEmpty()) {
      throw unsupported(
          field,
          "Document " + i + " is not a PDF, JPEG or PNG file, whatever its name or declared type.");
    }
    if (sniffed.get() != declared.get()) {
      throw mismatch(
          field,
          "Document "
              + i
              + " is declared as "
              + declared.get().contentType()
              + " but its content is "
              + sniffed.get().contentType()
              + ".");
    }
    String extension = extension(upload.filename());
    if (extension != null && !sniffed.get().extensions().contains(extension)) {
      throw mismatch(
          field,
          "Document "
              + i
              + " is named ."
              + extension
              + " but its content is "
              + sniffed.get().contentType()
              + "; rename it or upload the right file.");
    }
    return sniffed.get();
  }

  private static void checkComposition(KycDetails details) {
    List<String> missing = new ArrayList<>();
    if (details.documentTypes().stream().noneMatch(DocumentType::provesIdentity)) {
      missing.add("passport or national_id");
    }
    if (!details.documentTypes().contains(DocumentType.PROOF_OF_ADDRESS)) {
      missing.add("proof_of_address");
    }
    if (details.accreditationClaim() != null
        && !details.documentTypes().contains(DocumentType.ACCREDITATION_EVIDENCE)) {
      missing.add("accreditation_evidence");
    }
    if (!missing.isEmpty()) {
      throw Refusal.of(
              Refusal.Kind.UNPROCESSABLE,
              "documents-missing",
              "The submission lacks required documents: " + String.join(", ", missing) + ".")
          .with("field", "details.documentTypes")
          .with("missing", missing)
          .exception();
    }
  }

  private static String extension(String filename) {
    if (filename == null) {
      return null;
    }
    int dot = filename.lastIndexOf('.');
    return dot < 0 || dot == filename.length() - 1
        ? null
        : filename.substring(dot + 1).toLowerCase(Locale.ROOT);
  }

  private static RefusedException unsupported(String field, String detail) {
    return Refusal.of(Refusal.Kind.UNSUPPORTED_MEDIA_TYPE, "unsupported-document-type", detail)
        .with("field", field)
        .exception();
  }

  private static RefusedException mismatch(String field, String detail) {
    return Refusal.of(Refusal.Kind.UNPROCESSABLE, "document-type-mismatch", detail)
        .with("field", field)
        .exception();
  }
}
