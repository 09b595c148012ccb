package io.equitoken.local;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * When the launcher restarts a process that died: after {@code firstDelay}, doubling up to {@code
 * maxDelay}, at most {@code maxRestarts} times in a row; a process that ran for {@code stableAfter}
 * before it died starts a new series. After the last restart it is left down.
 */
record RestartPolicy(
    int maxRestarts, Duration firstDelay, Duration maxDelay, Duration stableAfter) {

  /** {@code ./equitoken up}: 5 restarts in a row, 1 s, 2 s, 4 s, 8 s, 16 s; stable after 2 min. */
  static final RestartPolicy DEFAULT =
      new RestartPolicy(5, Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofMinutes(2));

  RestartPolicy {
    Objects.requireNonNull(firstDelay);
    Objects.requireNonNull(maxDelay);
    Objects.requireNonNull(stableAfter);
    if (maxRestarts < 0 || firstDelay.isNegative() || maxDelay.compareTo(firstDelay) < 0) {
      throw new IllegalArgumentException("restart policy: " + maxRestarts + ", " + firstDelay);
    }
  }

  /**
   * The wait before the next restart, given how many restarts in a row came before it; empty when
   * the process is to be left down.
   */
  Optional<Duration> delayBefore(int restartsInARow) {
    if (restartsInARow >= maxRestarts) {
      return Optional.empty();
    }
    Duration delay = firstDelay;
    for (int i = 0; i < restartsInARow && delay.compareTo(maxDelay) < 0; i++) {
      delay = delay.multipliedBy(2);
    }
    return Optional.of(delay.compareTo(maxDelay) > 0 ? maxDelay : delay);
  }

  /** Restarts in a row after a process that ran {@code ranFor} died. */
  int inARowAfter(int restartsInARow, Duration ranFor) {
    return ranFor.compareTo(stableAfter) >= 0 ? 0 : restartsInARow;
  }
}
