package io.equitoken.compliance.kyc;

import io.equitoken.compliance.document.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A client's {@code Idempotency-Key} with the fingerprint of the request it came with: the same key
 * with the same request gets the original answer, with another request a conflict. The header
 * itself is validated by platform-web's {@code Idempotency.validKey} in the controller (1..255
 * visible ASCII, else 400 {@code invalid-idempotency-key}: one behaviour for every service).
 */
public record IdempotencyKey(String key, String fingerprint) {

  /** The fingerprint covers every detail and every document's type and content digest. */
  static IdempotencyKey of(String key, KycDetails details, List<CheckedDocument> documents) {
    StringBuilder canonical =
        new StringBuilder()
            .append(details.legalName())
            .append('\n')
            .append(details.dateOfBirth())
            .append('\n')
            .append(details.countryOfResidence())
            .append('\n')
            .append(details.accreditationClaim());
    for (CheckedDocument document : documents) {
      canonical.append('\n').append(document.type()).append(':').append(document.sha256());
    }
    return new IdempotencyKey(
        key, Sha256.hex(canonical.toString().getBytes(StandardCharsets.UTF_8)));
  }
}
