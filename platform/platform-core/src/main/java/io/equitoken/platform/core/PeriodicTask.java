package io.equitoken.platform.core;

import java.time.Duration;
import java.util.Objects;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * A background job run every {@code interval}: at most one run at a time (a tick that comes while a
 * run is still going is skipped, not queued), a failing run handed to {@link #onError} and the next
 * one tried on time. {@link #start()}, {@link #stop()} and {@link #isRunning()} have the signatures
 * of Spring's {@code Lifecycle}, so a Spring bean that extends this class and declares {@code
 * implements SmartLifecycle} is started and stopped with its context without code of its own
 * (platform-events' {@code OutboxMetrics} and {@code EventRetention}, platform-web's {@code
 * IdempotencyPurger}). Framework-free.
 *
 * @param <T> what one run answers (handed to {@link #onDone})
 */
public abstract class PeriodicTask<T> {

  private final Duration interval;
  private final boolean enabled;
  private final Scheduler scheduler;
  private Disposable schedule;

  /**
   * @param interval time between ticks (the first run comes one interval after {@link #start()})
   * @param enabled {@code false}: {@link #start()} does nothing (the interval is then not checked)
   */
  protected PeriodicTask(Duration interval, boolean enabled) {
    this(interval, enabled, Schedulers.parallel());
  }

  /** As {@link #PeriodicTask(Duration, boolean)}, ticking on {@code scheduler} (tests). */
  protected PeriodicTask(Duration interval, boolean enabled, Scheduler scheduler) {
    Objects.requireNonNull(interval, "interval");
    if (enabled && (interval.isNegative() || interval.isZero())) {
      throw new IllegalArgumentException("interval must be positive: " + interval);
    }
    this.interval = interval;
    this.enabled = enabled;
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
  }

  /** One run of the job. */
  protected abstract Mono<T> runOnce();

  /** Called with what a scheduled run answered; does nothing unless overridden. */
  protected void onDone(T result) {}

  /** Called when a scheduled run failed; the schedule goes on. Does nothing unless overridden. */
  protected void onError(Throwable error) {}

  /** Starts the schedule (when enabled and not yet running). */
  public synchronized void start() {
    if (!enabled || isRunning()) {
      return;
    }
    schedule =
        Flux.interval(interval, scheduler)
            .onBackpressureDrop()
            .concatMap(
                tick -> Mono.defer(this::runOnce).doOnNext(this::onDone).onErrorResume(this::skip),
                0)
            .subscribe();
  }

  /** Stops the schedule; a run in progress is cancelled. */
  public synchronized void stop() {
    if (schedule != null) {
      schedule.dispose();
      schedule = null;
    }
  }

  /** Whether the schedule is running. */
  public synchronized boolean isRunning() {
    return schedule != null && !schedule.isDisposed();
  }

  private Mono<T> skip(Throwable error) {
    onError(error);
    return Mono.empty();
  }
}
