package io.equitoken.webhooks.delivery;

import java.time.Duration;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * When failed deliveries are tried again: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and
 * 10 h after each failure (8 attempts over about 28 hours), each delay stretched or shrunk by a
 * random ±20 % so that many failed deliveries do not come back at the same instant. A {@code
 * Retry-After} of the receiver (429/503) moves the next attempt later, never earlier, and is capped
 * at a day.
 */
public final class RetrySchedule {

  public static final List<Duration> DELAYS =
      List.of(
          Duration.ZERO,
          Duration.ofSeconds(5),
          Duration.ofMinutes(5),
          Duration.ofMinutes(30),
          Duration.ofHours(2),
          Duration.ofHours(5),
          Duration.ofHours(10),
          Duration.ofHours(10));

  static final double JITTER = 0.2;
  static final Duration MAX_RETRY_AFTER = Duration.ofDays(1);

  private final DoubleSupplier random;

  /** {@code random} answers uniformly in [0, 1). */
  public RetrySchedule(DoubleSupplier random) {
    this.random = random;
  }

  /** Number of attempts a delivery gets before it is given up (the first plus the retries). */
  public int attempts() {
    return DELAYS.size();
  }

  /**
   * The delay before the next attempt after {@code failures} failed attempts, or null when the
   * schedule is exhausted.
   */
  public Duration delayAfter(int failures, Duration retryAfter) {
    if (failures >= DELAYS.size()) {
      return null;
    }
    Duration base = DELAYS.get(failures);
    double factor = 1 - JITTER + 2 * JITTER * random.getAsDouble();
    Duration delay = Duration.ofMillis(Math.round(base.toMillis() * factor));
    if (retryAfter != null) {
      Duration asked = retryAfter.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : retryAfter;
      if (asked.compareTo(delay) > 0) {
        delay = asked;
      }
    }
    return delay;
  }
}
