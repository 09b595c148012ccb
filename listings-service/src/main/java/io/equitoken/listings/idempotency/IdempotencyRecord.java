package io.equitoken.listings.idempotency;

import java.time.Instant;

/** What a key was first used for, and the resource that request created. */
public record IdempotencyRecord(
    String principalId,
    String key,
    String operation,
    String fingerprint,
    String resourceId,
    Instant createdAt) {

  public boolean matches(IdempotentRequest request) {
    return operation.equals(request.operation()) && fingerprint.equals(request.fingerprint());
  }
}
