package io.equitoken.identity.apikey;

/**
 * What revoking a key led to. An unknown key and someone else's are refused alike ({@code 404
 * api-key-not-found}), so key ids cannot be probed.
 */
public enum RevokeOutcome {
  REVOKED,
  /** Revoking is idempotent: a second call changes nothing and publishes nothing. */
  ALREADY_REVOKED
}
