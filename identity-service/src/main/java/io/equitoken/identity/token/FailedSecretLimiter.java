package io.equitoken.identity.token;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Limits failed secrets per API key id: after {@code maxFailures} failed attempts within {@code
 * window} (counted from the first of them), every attempt for that key id — right secret or not —
 * is refused until the window ends, so guessing a key's secret gets at most {@code maxFailures}
 * tries per window. A correct secret before the limit clears the count.
 *
 * <p>Per key id, not per address: behind the gateway identity-service sees only the gateway's
 * address (the gateway limits each client address itself). The trade-off: anyone who knows a key id
 * can keep that key from getting new tokens for a window at a time; tokens already issued keep
 * working. Counts live in this instance's memory (bounded to {@code maxTrackedKeys}, least recently
 * used first out), so N replicas allow N × {@code maxFailures} per window.
 */
public final class FailedSecretLimiter {

  private final int maxFailures;
  private final Duration window;
  private final Clock clock;
  private final Map<String, Failures> failures;

  public FailedSecretLimiter(int maxFailures, Duration window, int maxTrackedKeys, Clock clock) {
    if (maxFailures < 1 || window.isNegative() || window.isZero() || maxTrackedKeys < 1) {
      throw new IllegalArgumentException(
          "Expected maxFailures ≥ 1, a positive window and maxTrackedKeys ≥ 1");
    }
    this.maxFailures = maxFailures;
    this.window = window;
    this.clock = clock;
    this.failures =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Failures> eldest) {
            return size() > maxTrackedKeys;
          }
        };
  }

  /** How long attempts for this key id stay refused, or empty when one may be made now. */
  public synchronized Optional<Duration> blockedFor(String keyId) {
    Failures f = failures.get(keyId);
    Instant now = clock.instant();
    if (f == null || !now.isBefore(f.since().plus(window))) {
      return Optional.empty();
    }
    if (f.count() < maxFailures) {
      return Optional.empty();
    }
    return Optional.of(Duration.between(now, f.since().plus(window)));
  }

  public synchronized void failed(String keyId) {
    Instant now = clock.instant();
    Failures f = failures.get(keyId);
    if (f == null || !now.isBefore(f.since().plus(window))) {
      failures.put(keyId, new Failures(now, 1));
    } else {
      failures.put(keyId, new Failures(f.since(), f.count() + 1));
    }
  }

  public synchronized void succeeded(String keyId) {
    failures.remove(keyId);
  }

  private record Failures(Instant since, int count) {}
}
