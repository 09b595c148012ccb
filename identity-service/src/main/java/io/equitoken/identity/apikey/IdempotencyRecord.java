package io.equitoken.identity.apikey;

import java.security.MessageDigest;
import java.time.Instant;

/** Remembers which key a caller's {@code Idempotency-Key} created, and for which request. */
public record IdempotencyRecord(
    String principalId,
    String idempotencyKey,
    byte[] requestFingerprint,
    String apiKeyId,
    Instant createdAt) {

  public boolean sameRequest(byte[] fingerprint) {
    return MessageDigest.isEqual(requestFingerprint, fingerprint);
  }
}
