package io.equitoken.platform.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A UTC clock a test moves by hand. Two modes: {@link #fixedAt(Instant)} stands still until moved
 * ({@link #advance}, {@link #set}); {@link #systemPlusOffset()} runs with real time plus an offset
 * the test can {@link #advance} (for expiry tests inside a running service). {@link #reset()}
 * returns to the start.
 */
public final class MutableClock extends Clock {

  private final Instant start;
  private final AtomicReference<Instant> fixed;
  private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

  private MutableClock(Instant start) {
    this.start = start;
    this.fixed = new AtomicReference<>(start);
  }

  /** A clock that stands at {@code start} until moved. */
  public static MutableClock fixedAt(Instant start) {
    return new MutableClock(start);
  }

  /** A clock that follows real time, plus an offset the test can move forward. */
  public static MutableClock systemPlusOffset() {
    return new MutableClock(null);
  }

  public void advance(Duration by) {
    if (start != null) {
      fixed.updateAndGet(current -> current.plus(by));
    } else {
      offset.updateAndGet(current -> current.plus(by));
    }
  }

  /** Sets a fixed clock to {@code instant} (a system clock: the offset that makes it so). */
  public void set(Instant instant) {
    if (start != null) {
      fixed.set(instant);
    } else {
      offset.set(Duration.between(Instant.now(), instant));
    }
  }

  public void reset() {
    fixed.set(start);
    offset.set(Duration.ZERO);
  }

  @Override
  public Instant instant() {
    return start != null ? fixed.get() : Instant.now().plus(offset.get());
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("The test clock is UTC only");
  }
}
