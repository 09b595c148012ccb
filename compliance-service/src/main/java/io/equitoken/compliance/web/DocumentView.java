package io.equitoken.compliance.web;

import io.equitoken.compliance.kyc.DocumentInfo;

/**
 * Metadata of a stored document; {@code href} (officers only) is where its decrypted content can be
 * downloaded.
 */
public record DocumentView(
    String documentId, String type, String contentType, long size, String sha256, String href) {

  static DocumentView of(DocumentInfo info, String submissionId) {
    return new DocumentView(
        info.id().toString(),
        info.type().wire(),
        info.contentType(),
        info.size(),
        info.sha256(),
        submissionId == null
            ? null
            : "/compliance/reviews/" + submissionId + "/documents/" + info.id());
  }
}
