package io.equitoken.compliance.kyc;

import io.equitoken.compliance.document.DocumentFormat;
import java.util.UUID;

/** A document that passed every upload check, ready to be sealed and stored. */
public record CheckedDocument(
    UUID id,
    int position,
    DocumentType type,
    DocumentFormat format,
    byte[] content,
    String sha256) {

  public long size() {
    return content.length;
  }

  @Override
  public String toString() {
    return "CheckedDocument[id=" + id + ", type=" + type + ", format=" + format + "]";
  }
}
