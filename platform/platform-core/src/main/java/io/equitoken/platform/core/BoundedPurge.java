package io.equitoken.platform.core;

import java.util.function.Supplier;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The one way a retention job deletes: in bounded batches (at most {@code batchSize} rows per
 * statement, at most {@code maxBatches} statements per run, so a backlog never becomes one
 * long-locking delete). Run it periodically with {@link PeriodicTask}.
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
}
