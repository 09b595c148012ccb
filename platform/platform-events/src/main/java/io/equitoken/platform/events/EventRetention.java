package io.equitoken.platform.events;

import io.equitoken.platform.core.BoundedPurge;
import io.equitoken.platform.core.PeriodicTask;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * Deletes published outbox rows and processed-event ids older than their retention windows (ADR
 * 0002), in bounded batches: at most {@code batch-size} rows per statement and {@code max-batches}
 * statements per table and run, so a backlog never becomes one long-locking delete. Unpublished
 * outbox rows are never deleted, however old.
 */
public class EventRetention extends PeriodicTask<EventRetention.Purged> implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(EventRetention.class);

  /** How many rows one run deleted. */
  public record Purged(long outboxEvents, long processedEvents) {}

  private final DatabaseClient db;
  private final EventRetentionProperties properties;
  private final Clock clock;

  public EventRetention(DatabaseClient db, EventRetentionProperties properties, Clock clock) {
    super(properties.interval(), properties.enabled());
    this.db = db;
    this.properties = properties;
    this.clock = clock;
  }

  /** One run over both tables. */
  public Mono<Purged> purge() {
    Instant now = Instant.now(clock);
    Mono<Long> outbox =
        batches(
            db.sql(
                    "delete from outbox_event where seq in (select seq from outbox_event where"
                        + " published_at is not null and published_at < :cutoff order by seq"
                        + " limit :limit)")
                .bind("cutoff", now.minus(properties.outbox()))
                .bind("limit", properties.batchSize()));
    Mono<Long> processed =
        batches(
            db.sql(
                    "delete from processed_event where ctid = any(array(select ctid from"
                        + " processed_event where processed_at < :cutoff limit :limit))")
                .bind("cutoff", now.minus(properties.processed()))
                .bind("limit", properties.batchSize()));
    return outbox.zipWith(processed, Purged::new);
  }

  private Mono<Long> batches(DatabaseClient.GenericExecuteSpec delete) {
    return BoundedPurge.inBatches(
        properties.batchSize(), properties.maxBatches(), () -> delete.fetch().rowsUpdated());
  }

  @Override
  protected Mono<Purged> runOnce() {
    return purge();
  }

  @Override
  protected void onDone(Purged purged) {
    log.debug("Event retention purged {}", purged);
  }

  @Override
  protected void onError(Throwable error) {
    log.warn("Event retention purge failed", error);
  }
}
