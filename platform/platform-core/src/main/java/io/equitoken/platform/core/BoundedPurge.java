package io.equitoken.platform.core;

import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Supplier;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The one way a retention job deletes: in bounded batches (at most {@code batchSize} rows per
 * statement, at most {@code maxBatches} statements per run, so a backlog never becomes one
 * long-locking delete), run periodically, a failed run logged and the next one tried on time.
 */
public final class BoundedPurge {

  private BoundedPurge() {}

  /**
   * Runs {@code oneBatch} (which deletes at most {@code batchSize} rows and answers how many) until
   * a batch deletes fewer than {@code batchSize} or {@code maxBatches} ran; answers the total.
   */
  public static Mono<Long> inBatches(int batchSize, int maxBatches, Supplier<Mono<Long>> oneBatch) {
    return Flux.range(0, Math.max(1, maxBatches))
        .concatMap(i -> oneBatch.get())
        .takeUntil(deleted -> deleted < batchSize)
        .reduce(0L, Long::sum);
  }

  /**
   * Subscribes {@code run} every {@code interval}, never two at once (a run still going when the
   * next tick comes skips that tick); a failing run is handed to {@code onError} and the schedule
   * goes on. Dispose the answer to stop.
   */
  public static <T> Disposable every(
      Duration interval, Supplier<Mono<T>> run, Consumer<T> onDone, Consumer<Throwable> onError) {
    return Flux.interval(interval, Schedulers.parallel())
        .onBackpressureDrop()
        .concatMap(
            tick ->
                run.get()
                    .doOnNext(onDone)
                    .onErrorResume(
                        e -> {
                          onError.accept(e);
                          return Mono.empty();
                        }))
        .subscribe();
  }
}
