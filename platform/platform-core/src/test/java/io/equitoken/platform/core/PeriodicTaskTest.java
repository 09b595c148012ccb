package io.equitoken.platform.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.scheduler.VirtualTimeScheduler;

class PeriodicTaskTest {

  private static final Duration INTERVAL = Duration.ofMinutes(10);

  private final VirtualTimeScheduler time = VirtualTimeScheduler.create();

  @AfterEach
  void disposeScheduler() {
    time.dispose();
  }

  /** Counts runs, how many are going, the most that ever went at once, and what it was told. */
  private final class Probe extends PeriodicTask<Integer> {
    final AtomicInteger started = new AtomicInteger();
    final AtomicInteger going = new AtomicInteger();
    final AtomicInteger mostAtOnce = new AtomicInteger();
    final List<Integer> done = new ArrayList<>();
    final List<Throwable> errors = new ArrayList<>();
    Supplier<Mono<Integer>> work = () -> Mono.just(1);

    Probe(boolean enabled) {
      super(INTERVAL, enabled, time);
    }

    @Override
    protected Mono<Integer> runOnce() {
      int n = started.incrementAndGet();
      mostAtOnce.accumulateAndGet(going.incrementAndGet(), Math::max);
      return work.get().map(x -> n).doFinally(s -> going.decrementAndGet());
    }

    @Override
    protected void onDone(Integer result) {
      done.add(result);
    }

    @Override
    protected void onError(Throwable error) {
      errors.add(error);
    }
  }

  @Test
  void runsOncePerIntervalAfterStartAndNeverAfterStop() {
    Probe task = new Probe(true);
    assertThat(task.isRunning()).isFalse();

    task.start();
    assertThat(task.isRunning()).isTrue();
    assertThat(task.started).hasValue(0); // the first run comes one interval after start

    time.advanceTimeBy(INTERVAL);
    assertThat(task.done).containsExactly(1);
    time.advanceTimeBy(INTERVAL.multipliedBy(2));
    assertThat(task.done).containsExactly(1, 2, 3);

    task.stop();
    assertThat(task.isRunning()).isFalse();
    time.advanceTimeBy(INTERVAL.multipliedBy(5));
    assertThat(task.started).hasValue(3);
  }

  @Test
  void startTwiceIsOneSchedule() {
    Probe task = new Probe(true);
    task.start();
    task.start();

    time.advanceTimeBy(INTERVAL);

    assertThat(task.started).hasValue(1);
    task.stop();
    task.stop(); // stopping a stopped task is fine
    assertThat(task.isRunning()).isFalse();
  }

  @Test
  void canBeStartedAgainAfterStop() {
    Probe task = new Probe(true);
    task.start();
    task.stop();
    task.start();

    time.advanceTimeBy(INTERVAL);

    assertThat(task.isRunning()).isTrue();
    assertThat(task.started).hasValue(1);
    task.stop();
  }

  @Test
  void disabledTaskNeverStarts() {
    Probe task = new Probe(false);
    task.start();

    time.advanceTimeBy(INTERVAL.multipliedBy(3));

    assertThat(task.isRunning()).isFalse();
    assertThat(task.started).hasValue(0);
  }

  @Test
  void oneRunAtATimeTicksDuringARunAreSkippedNotQueued() {
    Sinks.One<Integer> slow = Sinks.one();
    Probe task = new Probe(true);
    task.work = () -> slow.asMono();
    task.start();

    time.advanceTimeBy(INTERVAL); // run 1 starts and hangs
    time.advanceTimeBy(INTERVAL.multipliedBy(5)); // five ticks while it runs

    assertThat(task.started).hasValue(1);
    assertThat(task.going).hasValue(1);

    task.work = () -> Mono.just(1);
    slow.tryEmitValue(7);
    assertThat(task.done).containsExactly(1);
    assertThat(task.started).hasValue(1); // the skipped ticks do not run now

    time.advanceTimeBy(INTERVAL);
    assertThat(task.done).containsExactly(1, 2);
    assertThat(task.mostAtOnce).hasValue(1);
    task.stop();
  }

  @Test
  void stopCancelsTheRunInProgress() {
    Sinks.One<Integer> slow = Sinks.one();
    Probe task = new Probe(true);
    task.work = () -> slow.asMono();
    task.start();
    time.advanceTimeBy(INTERVAL);
    assertThat(task.going).hasValue(1);

    task.stop();

    assertThat(task.going).hasValue(0);
    assertThat(slow.currentSubscriberCount()).isZero();
  }

  @Test
  void aFailingRunIsReportedAndTheScheduleGoesOn() {
    Probe task = new Probe(true);
    IllegalStateException boom = new IllegalStateException("boom");
    task.work = () -> Mono.error(boom);
    task.start();

    time.advanceTimeBy(INTERVAL);
    assertThat(task.errors).containsExactly(boom);
    assertThat(task.isRunning()).isTrue();

    task.work = () -> Mono.just(1);
    time.advanceTimeBy(INTERVAL);
    assertThat(task.done).containsExactly(2);
    task.stop();
  }

  @Test
  void aRunThatThrowsInsteadOfFailingIsReportedToo() {
    Probe task = new Probe(true);
    task.work =
        () -> {
          throw new IllegalStateException("thrown");
        };
    task.start();

    time.advanceTimeBy(INTERVAL.multipliedBy(2));

    assertThat(task.errors).hasSize(2);
    assertThat(task.isRunning()).isTrue();
    task.stop();
  }

  @Test
  void intervalMustBePositiveWhenEnabled() {
    assertThatThrownBy(
            () ->
                new PeriodicTask<Void>(Duration.ZERO, true, time) {
                  @Override
                  protected Mono<Void> runOnce() {
                    return Mono.empty();
                  }
                })
        .isInstanceOf(IllegalArgumentException.class);
  }
}
