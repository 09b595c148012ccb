package io.equitoken.identity.apikey;

/** What creating a key led to; the web adapter maps each case to an HTTP answer. */
public sealed interface CreateOutcome {

  /** A new key; {@code secret} is the only copy that will ever exist in clear. */
  record Created(ApiKey key, String secret) implements CreateOutcome {
    @Override
    public String toString() {
      return "Created[" + key.id() + ", secret=redacted]";
    }
  }

  record Rejected(Rejection rejection) implements CreateOutcome {}

  /** The caller's own key is revoked (or unknown): its token may not mint keys any more. */
  record CallerKeyInactive() implements CreateOutcome {}

  /** The principal already has the maximum number of active keys. */
  record LimitReached(String principalId, int limit) implements CreateOutcome {}
}
