package io.equitoken.platform.web.revocation;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The API keys revoked recently enough that one of their tokens could still be unexpired, and how
 * fresh that knowledge is. Filled by {@link RevocationFeed}; consulted for every token by {@link
 * ApiKeyRevocationValidator}. An entry is forgotten {@code retention} (longest token lifetime plus
 * clock skew) after the revocation: by then every token of the key has expired anyway, so memory
 * stays bounded by the revocations of one token lifetime.
 */
public final class RevokedApiKeys {

  private final Map<String, Instant> revoked = new ConcurrentHashMap<>();
  private final Duration retention;
  private final Duration maxStaleness;
  private final Clock clock;
  private volatile Instant confirmedUpToDate;

  public RevokedApiKeys(Duration retention, Duration maxStaleness, Clock clock) {
    this.retention = retention;
    this.maxStaleness = maxStaleness;
    this.clock = clock;
  }

  public void revoke(String apiKeyId, Instant revokedAt) {
    if (revokedAt.plus(retention).isAfter(clock.instant())) {
      revoked.merge(apiKeyId, revokedAt, (a, b) -> a.isBefore(b) ? a : b);
    }
  }

  public boolean isRevoked(String apiKeyId) {
    return revoked.containsKey(apiKeyId);
  }

  /** The feed has read everything published up to now. */
  public void confirmUpToDate() {
    confirmedUpToDate = clock.instant();
    Instant forgetBefore = confirmedUpToDate.minus(retention);
    revoked.values().removeIf(at -> at.isBefore(forgetBefore));
  }

  /**
   * Nothing keeps the set up to date any longer (its feed stopped): it is not fresh again until the
   * next {@link #confirmUpToDate}, however recent the last one was.
   */
  public void forgetConfirmation() {
    confirmedUpToDate = null;
  }

  /** True while the last confirmation is at most {@code maxStaleness} old. */
  public boolean isFresh() {
    Instant confirmed = confirmedUpToDate;
    return confirmed != null && !confirmed.plus(maxStaleness).isBefore(clock.instant());
  }

  /** How long a confirmation keeps the set fresh. */
  public Duration maxStaleness() {
    return maxStaleness;
  }

  /** True once the feed has confirmed the set up to date since it (re)started, however long ago. */
  public boolean isConfirmed() {
    return confirmedUpToDate != null;
  }

  public int size() {
    return revoked.size();
  }
}
