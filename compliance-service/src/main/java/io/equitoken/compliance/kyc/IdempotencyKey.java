package io.equitoken.compliance.kyc;

import io.equitoken.compliance.document.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A client's {@code Idempotency-Key} with the fingerprint of the request it came with: the same key
 * with the same request gets the original answer, with another request a conflict.
 */
public record IdempotencyKey(String key, String fingerprint) {

  static final int MAX_LENGTH = 200;

  /** Validates the raw header; null when the client sent none. */
  public static String validated(String raw) {
    if (raw == null) {
      return null;
    }
    if (raw.isEmpty()
        || raw.length() > MAX_LENGTH
        || !raw.chars().allMatch(c -> c >= 0x21 && c <= 0x7e)) {
      throw Rejection.of(
              Rejection.Kind.INVALID,
              "validation-failed",
              "Idempotency-Key must be 1 to 200 visible ASCII characters.")
          .with("field", "Idempotency-Key")
          .exception();
    }
    return raw;
  }

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
