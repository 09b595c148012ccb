package io.equitoken.platform.web.idempotency;

import io.equitoken.platform.core.BoundedPurge;
import io.equitoken.platform.core.PeriodicTask;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import reactor.core.publisher.Mono;

/**
 * Deletes idempotency records older than the retention window, in bounded batches (at most {@code
 * purge-batch-size} rows per statement, at most {@code purge-max-batches} statements per run), so a
 * large backlog never becomes one long-locking delete.
 */
public class IdempotencyPurger extends PeriodicTask<Long> implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(IdempotencyPurger.class);

  private final IdempotencyStore store;
  private final IdempotencyProperties properties;
  private final Clock clock;

  public IdempotencyPurger(IdempotencyStore store, IdempotencyProperties properties, Clock clock) {
    super(properties.purgeInterval(), properties.purgeEnabled());
    this.store = store;
    this.properties = properties;
    this.clock = clock;
  }

  /** One purge run; answers how many records were deleted. */
  public Mono<Long> purgeExpired() {
    Instant cutoff = Instant.now(clock).minus(properties.retention());
    return BoundedPurge.inBatches(
        properties.purgeBatchSize(),
        properties.purgeMaxBatches(),
        () -> store.purgeBatch(cutoff, properties.purgeBatchSize()));
  }

  @Override
  protected Mono<Long> runOnce() {
    return purgeExpired();
  }

  @Override
  protected void onDone(Long purged) {
    log.debug("Purged {} expired idempotency records", purged);
  }

  @Override
  protected void onError(Throwable error) {
    log.warn("Purging expired idempotency records failed", error);
  }
}
