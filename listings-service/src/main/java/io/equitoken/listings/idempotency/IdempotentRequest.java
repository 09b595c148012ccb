package io.equitoken.listings.idempotency;

/**
 * A creating call made with an {@code Idempotency-Key}. Keys are scoped to the caller; {@code
 * operation} names what was asked (e.g. {@code POST /listings}) and {@code fingerprint} the body,
 * so that the same key reused for another request is recognised and refused.
 */
public record IdempotentRequest(
    String principalId, String key, String operation, String fingerprint) {}
