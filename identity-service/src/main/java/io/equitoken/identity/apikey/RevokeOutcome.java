package io.equitoken.identity.apikey;

/** What revoking a key led to. */
public enum RevokeOutcome {
  REVOKED,
  /** Revoking is idempotent: a second call changes nothing and publishes nothing. */
  ALREADY_REVOKED,
  /** Unknown, or someone else's: the two are not told apart, so key ids cannot be probed. */
  NOT_FOUND
}
