package io.equitoken.platform.events;

import io.equitoken.platform.core.PeriodicTask;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * Gauges of the outbox's unpublished rows, refreshed every {@code
 * equitoken.events.metrics-interval} (default 15 s) by two cheap queries on the partial index
 * {@code outbox_event_unpublished}: the number of unpublished rows (counted up to {@link
 * #BACKLOG_CAP}, so a huge backlog never becomes a long scan) and the age of the oldest one. A
 * scrape only reads the last values, it never queries.
 *
 * <ul>
 *   <li>{@code equitoken.outbox.backlog} (Prometheus {@code equitoken_outbox_backlog_rows})
 *   <li>{@code equitoken.outbox.oldest.age} (Prometheus {@code
 *       equitoken_outbox_oldest_age_seconds}), 0 when nothing waits
 * </ul>
 */
public class OutboxMetrics extends PeriodicTask<OutboxMetrics.Snapshot> implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(OutboxMetrics.class);

  /** Backlogs are counted up to this many rows; the gauge shows the cap beyond it. */
  public static final long BACKLOG_CAP = 100_000;

  /** Last refreshed values. */
  public record Snapshot(long backlog, Duration oldestAge) {}

  private final DatabaseClient db;
  private final Clock clock;
  private final AtomicLong backlog = new AtomicLong();
  private final AtomicLong oldestAgeMillis = new AtomicLong();

  public OutboxMetrics(DatabaseClient db, MeterRegistry registry, Clock clock, Duration interval) {
    super(interval, true);
    this.db = db;
    this.clock = clock;
    Gauge.builder("equitoken.outbox.backlog", backlog, AtomicLong::get)
        .description("Unpublished outbox rows (counted up to " + BACKLOG_CAP + ")")
        .baseUnit("rows")
        .register(registry);
    Gauge.builder("equitoken.outbox.oldest.age", oldestAgeMillis, a -> a.get() / 1000.0)
        .description("Age of the oldest unpublished outbox row, 0 when none waits")
        .baseUnit("seconds")
        .register(registry);
  }

  /** Runs both queries once and updates the gauges. */
  public Mono<Snapshot> refresh() {
    Mono<Long> count =
        db.sql(
                "select count(*) as n from (select 1 from outbox_event where published_at is null"
                    + " limit :cap) waiting")
            .bind("cap", BACKLOG_CAP)
            .map(row -> row.get("n", Long.class))
            .one()
            .defaultIfEmpty(0L);
    Mono<Duration> age =
        db.sql(
                "select occurred_at from outbox_event where published_at is null order by seq"
                    + " limit 1")
            .map(row -> row.get("occurred_at", OffsetDateTime.class))
            .one()
            .map(
                oldest -> {
                  Duration d = Duration.between(oldest.toInstant(), Instant.now(clock));
                  return d.isNegative() ? Duration.ZERO : d;
                })
            .defaultIfEmpty(Duration.ZERO);
    return count
        .zipWith(age, Snapshot::new)
        .doOnNext(
            s -> {
              backlog.set(s.backlog());
              oldestAgeMillis.set(s.oldestAge().toMillis());
            });
  }

  @Override
  protected Mono<Snapshot> runOnce() {
    return refresh();
  }

  @Override
  protected void onError(Throwable error) {
    log.debug("Outbox metrics not refreshed", error);
  }
}
