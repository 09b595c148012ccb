package io.equitoken.gateway.ratelimit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * In-memory token buckets, one per key, for one gateway instance (limits multiply with the number
 * of replicas). Each bucket is kept as a single "theoretical arrival time" (GCRA), which is exactly
 * a token bucket but needs one long per key and no background refill.
 *
 * <p>A bucket whose arrival time has passed is full, i.e. indistinguishable from a new one, so
 * forgetting it loses nothing; that is how memory stays bounded by {@code maxKeys}.
 */
public final class RateLimiter {

  /** A full sweep is O(keys); when many buckets are busy, do it at most once a second. */
  private static final long SWEEP_INTERVAL_NANOS = 1_000_000_000L;

  private final RateLimit limit;
  private final int maxKeys;
  private final LongSupplier nanoClock;
  private final Map<String, Long> arrivals = new ConcurrentHashMap<>();
  private volatile long lastSweep;

  public RateLimiter(RateLimit limit, int maxKeys, LongSupplier nanoClock) {
    this.limit = limit;
    this.maxKeys = maxKeys;
    this.nanoClock = nanoClock;
    this.lastSweep = nanoClock.getAsLong() - SWEEP_INTERVAL_NANOS - 1;
  }

  public RateLimiter(RateLimit limit, int maxKeys) {
    this(limit, maxKeys, System::nanoTime);
  }

  public RateDecision tryAcquire(String key) {
    long now = nanoClock.getAsLong();
    if (arrivals.size() >= maxKeys && now - lastSweep > SWEEP_INTERVAL_NANOS) {
      lastSweep = now;
      forgetFullBuckets(now);
    }
    long interval = limit.nanosPerToken();
    long tolerance = interval * limit.capacity();
    RateDecision[] decision = new RateDecision[1];
    arrivals.compute(
        key,
        (k, tat) -> {
          long base = tat == null || tat - now < 0 ? now : tat;
          long next = base + interval;
          long allowedFrom = next - tolerance;
          if (allowedFrom - now > 0) {
            decision[0] =
                new RateDecision(
                    false, limit.capacity(), 0, seconds(base - now), seconds(allowedFrom - now));
            return tat;
          }
          long remaining = (now + tolerance - next) / interval;
          decision[0] = new RateDecision(true, limit.capacity(), remaining, seconds(next - now), 0);
          return next;
        });
    return decision[0];
  }

  /** Number of keys currently tracked (for tests and metrics). */
  public int trackedKeys() {
    return arrivals.size();
  }

  private void forgetFullBuckets(long now) {
    arrivals.entrySet().removeIf(e -> e.getValue() - now <= 0);
  }

  private static long seconds(long nanos) {
    return Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L);
  }
}
