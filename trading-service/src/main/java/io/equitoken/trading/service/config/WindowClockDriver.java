package io.equitoken.trading.service.config;

import io.equitoken.trading.service.window.WindowClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Ticks the window clock when it has something to do: right after start (catch-up), at the next
 * transition or indication it knows of, right after a window is scheduled on this instance, and at
 * the latest {@code equitoken.trading.clock-interval} after the last tick (the safety net for a
 * window scheduled on another instance that then went away). Every instance ticks; the clock's
 * advisory lock lets one act at a time. Tests switch it off ({@code
 * equitoken.trading.clock-enabled=false}) and tick by hand.
 */
@Component
@ConditionalOnProperty(
    name = "equitoken.trading.clock-enabled",
    havingValue = "true",
    matchIfMissing = true)
class WindowClockDriver implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(WindowClockDriver.class);

  private final Supplier<Mono<Integer>> tick;
  private final Supplier<Mono<Instant>> nextDue;
  private final Clock clock;
  private final Duration initialDelay;
  private final Duration maxSleep;
  private final Scheduler timers;
  private final AtomicBoolean ticking = new AtomicBoolean();
  private final AtomicBoolean again = new AtomicBoolean();
  private volatile boolean running;
  private Disposable timer;
  private long deadline;

  @Autowired
  WindowClockDriver(
      WindowClock windows,
      Clock clock,
      TradingProperties properties,
      @Value("${equitoken.trading.clock-initial-delay:1s}") Duration initialDelay) {
    this(
        windows::tick,
        windows::nextDue,
        clock,
        initialDelay,
        properties.clockInterval(),
        Schedulers.parallel());
  }

  WindowClockDriver(
      Supplier<Mono<Integer>> tick,
      Supplier<Mono<Instant>> nextDue,
      Clock clock,
      Duration initialDelay,
      Duration maxSleep,
      Scheduler timers) {
    this.tick = tick;
    this.nextDue = nextDue;
    this.clock = clock;
    this.initialDelay = initialDelay;
    this.maxSleep = maxSleep;
    this.timers = timers;
  }

  @Override
  public synchronized void start() {
    running = true;
    tickAfter(initialDelay);
  }

  @Override
  public synchronized void stop() {
    running = false;
    if (timer != null) {
      timer.dispose();
    }
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /** Ticks now (or right after the tick in progress). */
  void wake() {
    tickAfter(Duration.ZERO);
  }

  /** Sets the next tick {@code delay} from now, unless one is already set for sooner. */
  private synchronized void tickAfter(Duration delay) {
    if (!running) {
      return;
    }
    long at = System.nanoTime() + delay.toNanos();
    if (timer != null && !timer.isDisposed()) {
      if (deadline - at <= 0) {
        return;
      }
      timer.dispose();
    }
    deadline = at;
    timer = Mono.delay(delay, timers).subscribe(t -> tick());
  }

  private void tick() {
    if (!ticking.compareAndSet(false, true)) {
      again.set(true);
      return;
    }
    again.set(false);
    tick.get()
        .doOnNext(
            acted -> {
              if (acted > 0) {
                log.debug("Window clock acted on {} windows", acted);
              }
            })
        .onErrorResume(
            e -> {
              log.warn("Window clock tick failed; retrying in {}", maxSleep, e);
              return Mono.empty();
            })
        .then(Mono.defer(this::untilNextDue))
        .subscribe(
            sleep -> {
              ticking.set(false);
              tickAfter(again.getAndSet(false) ? Duration.ZERO : sleep);
            },
            e -> {
              ticking.set(false);
              tickAfter(maxSleep);
            });
  }

  /** Until the next transition or indication, at most {@code maxSleep}. */
  private Mono<Duration> untilNextDue() {
    Instant now = clock.instant();
    return nextDue
        .get()
        .map(due -> Duration.between(now, due))
        .map(sleep -> sleep.isNegative() ? Duration.ZERO : sleep)
        .filter(sleep -> sleep.compareTo(maxSleep) < 0)
        .defaultIfEmpty(maxSleep)
        .onErrorResume(
            e -> {
              log.warn("Looking up the next window event failed; ticking in {}", maxSleep, e);
              return Mono.just(maxSleep);
            });
  }
}
