package io.equitoken.gateway.ratelimit;

import java.time.Duration;

/**
 * A token bucket: at most {@code capacity} requests in a burst, refilled by {@code refillTokens}
 * every {@code refillPeriod}.
 */
public record RateLimit(int capacity, int refillTokens, Duration refillPeriod) {

  public RateLimit {
    if (capacity < 1 || refillTokens < 1) {
      throw new IllegalArgumentException("capacity and refill tokens must be positive");
    }
    if (refillPeriod == null || refillPeriod.isNegative() || refillPeriod.isZero()) {
      throw new IllegalArgumentException("refill period must be positive");
    }
    if (refillPeriod.toNanos() / refillTokens < 1) {
      throw new IllegalArgumentException("refill rate is finer than one token per nanosecond");
    }
  }

  /** Nanoseconds it takes to earn one token back. */
  long nanosPerToken() {
    return refillPeriod.toNanos() / refillTokens;
  }
}
