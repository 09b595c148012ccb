package io.equitoken.trading.service.it;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock the ITs move forward by hand (never back), so window transitions need no waiting. Stopgap
 * until platform-test's MutableClock lands.
 */
public final class TestClock extends Clock {

  private final AtomicReference<Instant> now = new AtomicReference<>(Instant.now());

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now.get();
  }

  public void advance(Duration by) {
    now.updateAndGet(t -> t.plus(by));
  }
}
