package io.equitoken.trading.service.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.scheduler.VirtualTimeScheduler;

/** When the window clock ticks, in virtual time: at what it knows is due, woken, at the latest. */
class WindowClockDriverTest {

  private static final Duration MAX_SLEEP = Duration.ofSeconds(10);

  private final VirtualTimeScheduler time = VirtualTimeScheduler.create();
  private final Instant start = Instant.parse("2026-01-01T10:00:00Z");
  private final Clock clock =
      new Clock() {
        @Override
        public Instant instant() {
          return start.plusMillis(time.now(TimeUnit.MILLISECONDS));
        }

        @Override
        public ZoneId getZone() {
          return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
          return this;
        }
      };
  private final List<Long> ticks = new ArrayList<>();
  private Instant nextDue;
  private boolean failing;
  private final WindowClockDriver driver =
      new WindowClockDriver(
          () ->
              Mono.defer(
                  () -> {
                    ticks.add(time.now(TimeUnit.MILLISECONDS));
                    return failing ? Mono.error(new IllegalStateException("down")) : Mono.just(1);
                  }),
          // as the store answers: only what falls due after now
          () -> Mono.justOrEmpty(nextDue).filter(due -> due.isAfter(clock.instant())),
          clock,
          Duration.ofSeconds(1),
          MAX_SLEEP,
          time);

  @AfterEach
  void stop() {
    driver.stop();
    time.dispose();
  }

  @Test
  void shouldTickAtStartThenWhenTheNextWindowEventIsDue() {
    nextDue = start.plusSeconds(6);
    driver.start();

    time.advanceTimeBy(Duration.ofSeconds(1));
    assertThat(ticks).containsExactly(1_000L);

    time.advanceTimeBy(Duration.ofMillis(4_999));
    assertThat(ticks).hasSize(1);
    time.advanceTimeBy(Duration.ofMillis(1));
    assertThat(ticks).containsExactly(1_000L, 6_000L);
  }

  @Test
  void shouldSleepAtMostTheIntervalWhenNothingIsDue() {
    nextDue = null;
    driver.start();

    time.advanceTimeBy(Duration.ofSeconds(31));

    assertThat(ticks).containsExactly(1_000L, 11_000L, 21_000L, 31_000L);
  }

  @Test
  void shouldTickAtOnceWhenWokenWithoutLosingAnEarlierDueTick() {
    nextDue = start.plusSeconds(3);
    driver.start();
    time.advanceTimeBy(Duration.ofSeconds(1));

    // a window scheduled meanwhile wakes it at once
    time.advanceTimeBy(Duration.ofMillis(500));
    driver.wake();
    time.advanceTimeBy(Duration.ZERO);
    assertThat(ticks).containsExactly(1_000L, 1_500L);

    // and the transition it knew of still comes on time
    time.advanceTimeBy(Duration.ofMillis(1_500));
    assertThat(ticks).containsExactly(1_000L, 1_500L, 3_000L);
  }

  @Test
  void shouldKeepTickingAfterAFailedTick() {
    nextDue = start.plusSeconds(2);
    failing = true;
    driver.start();

    // a failed tick still looks up the next transition and ticks then
    time.advanceTimeBy(Duration.ofSeconds(2));
    assertThat(ticks).containsExactly(1_000L, 2_000L);

    // with nothing known any more, it tries again after the interval
    time.advanceTimeBy(Duration.ofSeconds(10));
    assertThat(ticks).containsExactly(1_000L, 2_000L, 12_000L);
  }
}
