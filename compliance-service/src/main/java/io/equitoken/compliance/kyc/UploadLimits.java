package io.equitoken.compliance.kyc;

import io.equitoken.platform.core.Refusal;

/** How much one submission may upload; beyond these the answer is "too large". */
public record UploadLimits(long maxFileBytes, long maxSubmissionBytes, int maxFiles) {

  public UploadLimits {
    if (maxFileBytes <= 0 || maxSubmissionBytes < maxFileBytes || maxFiles < 1) {
      throw new IllegalArgumentException("Upload limits must be positive and consistent");
    }
  }

  public Refusal fileTooLarge(int index) {
    return Refusal.of(
            Refusal.Kind.PAYLOAD_TOO_LARGE,
            "document-too-large",
            "Document " + index + " is larger than the limit of " + maxFileBytes + " bytes.")
        .with("field", "documents[" + index + "]")
        .with("limitBytes", maxFileBytes);
  }

  public Refusal submissionTooLarge() {
    return Refusal.of(
            Refusal.Kind.PAYLOAD_TOO_LARGE,
            "submission-too-large",
            "The documents together exceed the limit of " + maxSubmissionBytes + " bytes.")
        .with("field", "documents")
        .with("limitBytes", maxSubmissionBytes);
  }

  public Refusal tooManyFiles(int count) {
    return Refusal.of(
            Refusal.Kind.PAYLOAD_TOO_LARGE,
            "too-many-documents",
            count + " documents were sent; at most " + maxFiles + " are accepted per submission.")
        .with("field", "documents")
        .with("maxDocuments", maxFiles);
  }
}
