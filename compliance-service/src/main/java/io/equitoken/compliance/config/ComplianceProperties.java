package io.equitoken.compliance.config;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Settings under {@code equitoken.compliance}.
 *
 * @param documentKey base64 of the 32-byte AES key sealing new documents ({@code
 *     EQUITOKEN_COMPLIANCE_DOCUMENT_KEY}); required, there is no built-in value
 * @param previousDocumentKeys older keys, kept to read documents sealed before a rotation
 */
@ConfigurationProperties("equitoken.compliance")
public record ComplianceProperties(
    Duration approvalValidity,
    DataSize maxDocumentSize,
    DataSize maxSubmissionSize,
    Integer maxDocuments,
    String documentKey,
    List<String> previousDocumentKeys,
    Duration expiryCheckInterval) {

  public ComplianceProperties {
    approvalValidity = approvalValidity == null ? Duration.ofDays(365) : approvalValidity;
    maxDocumentSize = maxDocumentSize == null ? DataSize.ofMegabytes(5) : maxDocumentSize;
    maxSubmissionSize = maxSubmissionSize == null ? DataSize.ofMegabytes(15) : maxSubmissionSize;
    maxDocuments = maxDocuments == null ? 5 : maxDocuments;
    // An unset EQUITOKEN_COMPLIANCE_PREVIOUS_DOCUMENT_KEYS binds as blank entries: not keys.
    previousDocumentKeys =
        previousDocumentKeys == null
            ? List.of()
            : previousDocumentKeys.stream().filter(k -> k != null && !k.isBlank()).toList();
    expiryCheckInterval = expiryCheckInterval == null ? Duration.ofMinutes(1) : expiryCheckInterval;
  }
}
