package io.equitoken.platform.events;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Publishes outbox rows to Kafka in {@code seq} order and marks them published. One relay at a time
 * per database (a transaction-scoped advisory lock), so several instances never reorder events; a
 * batch that Kafka does not acknowledge is rolled back and retried, so delivery is at-least-once
 * and consumers dedupe on the event id.
 *
 * <p>It runs when the {@link OutboxSignal} says rows were committed: by this instance's writer, or
 * by any instance through {@link OutboxCommitFeed}. Otherwise it polls as a safety net, every
 * {@code equitoken.events.relay-safety-interval} while the feed listens and every {@code
 * relay-interval} while it does not, so an idle relay costs next to nothing. Woken by a commit, it
 * first waits {@code relay-gather}, so that under a steady trickle of commits (one order every 25
 * ms, say) a pass publishes the rows of several instead of one transaction and one produce request
 * each.
 */
public class OutboxRelay implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(OutboxRelay.class);

  /** The lock that makes one instance per database the relay. */
  static final long ADVISORY_LOCK = 0x0e7b0c5L;

  private final DatabaseClient db;
  private final TransactionalOperator tx;
  private final KafkaTemplate<String, String> kafka;
  private final OutboxProperties properties;
  private final OutboxSignal committed;
  private final AtomicLong passes = new AtomicLong();
  private Thread thread;
  private volatile boolean running;

  public OutboxRelay(
      DatabaseClient db,
      TransactionalOperator tx,
      KafkaTemplate<String, String> kafka,
      OutboxProperties properties) {
    this(db, tx, kafka, properties, new OutboxSignal());
  }

  public OutboxRelay(
      DatabaseClient db,
      TransactionalOperator tx,
      KafkaTemplate<String, String> kafka,
      OutboxProperties properties,
      OutboxSignal committed) {
    this.db = db;
    this.tx = tx;
    this.kafka = kafka;
    this.properties = properties;
    this.committed = committed;
  }

  private record Row(long seq, EventEnvelope event, String topic, String traceparent) {}

  /**
   * Publishes one batch; answers how many events were published (0 if none or not leader). One
   * statement between the transaction's begin and commit: it takes the advisory lock, marks the
   * oldest unpublished rows published and returns them; they are then sent, and a send that Kafka
   * does not acknowledge rolls the marks back with the transaction. A row another relay published
   * between this statement's snapshot and its lock is skipped ({@code published_at is null} is
   * checked again on the row it updates), so a change of leader sends nothing twice.
   */
  public Mono<Integer> relayOnce() {
    passes.incrementAndGet();
    return tx.transactional(
        claimBatch().flatMap(rows -> rows.isEmpty() ? Mono.just(0) : send(rows)));
  }

  private Mono<List<Row>> claimBatch() {
    return db.sql(
            "with leader as (select pg_try_advisory_xact_lock(:lock) as locked) update outbox_event"
                + " o set published_at = now() from leader where leader.locked and o.published_at"
                + " is null and o.seq = any(array(select seq from outbox_event where published_at"
                + " is null order by seq limit :n)) returning o.seq, o.event_id, o.topic,"
                + " o.event_key, o.event_type, o.source, o.subject, o.occurred_at, o.payload,"
                + " o.traceparent")
        .bind("lock", ADVISORY_LOCK)
        .bind("n", properties.relayBatchSize())
        .map(
            r ->
                new Row(
                    r.get("seq", Long.class),
                    new EventEnvelope(
                        r.get("event_id", java.util.UUID.class).toString(),
                        r.get("event_type", String.class),
                        r.get("source", String.class),
                        r.get("subject", String.class),
                        r.get("occurred_at", Instant.class),
                        r.get("event_key", String.class),
                        r.get("payload", String.class)),
                    r.get("topic", String.class),
                    r.get("traceparent", String.class)))
        .all()
        .sort(Comparator.comparingLong(Row::seq))
        .collectList();
  }

  private Mono<Integer> send(List<Row> rows) {
    // Sent in order; the idempotent producer keeps per-partition order across its own retries.
    // KafkaProducer.send() blocks while it has no metadata (broker down): never on a database
    // event-loop thread, where it would stall every connection served by that loop.
    Mono<CompletableFuture<Void>> sent =
        Mono.fromCallable(
                () ->
                    CompletableFuture.allOf(
                        rows.stream()
                            .map(row -> kafka.send(record(row)))
                            .toArray(CompletableFuture[]::new)))
            .subscribeOn(Schedulers.boundedElastic());
    return sent.flatMap(Mono::fromFuture)
        .timeout(properties.publishTimeout())
        .thenReturn(rows.size());
  }

  /** The row as a CloudEvent, with the {@code traceparent} it was written under (if any). */
  private static ProducerRecord<String, String> record(Row row) {
    ProducerRecord<String, String> record = CloudEvents.toRecord(row.topic(), row.event());
    if (row.traceparent() != null) {
      record
          .headers()
          .add(TraceParents.HEADER, row.traceparent().getBytes(StandardCharsets.US_ASCII));
    }
    return record;
  }

  @Override
  public synchronized void start() {
    if (running) {
      return;
    }
    running = true;
    thread = new Thread(this::run, "outbox-relay");
    thread.setDaemon(true);
    thread.start();
  }

  private void run() {
    try {
      while (running) {
        tick();
        boolean woken =
            committed.await(
                committed.isListening()
                    ? properties.relaySafetyInterval()
                    : properties.relayInterval());
        if (woken && gather()) {
          // the commits of the gather raised the signal again; this pass publishes their rows
          committed.await(Duration.ZERO);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Waits {@code relay-gather} after a commit woke the relay, so that the commits of that time
   * share its next pass: one transaction and one produce request instead of one each. Answers
   * whether it waited.
   */
  private boolean gather() throws InterruptedException {
    Duration gather = properties.relayGather();
    if (gather.isZero() || !running) {
      return false;
    }
    Thread.sleep(gather.toMillis(), gather.toNanosPart() % 1_000_000);
    return true;
  }

  /** How many passes the relay has run since it was made (one transaction each). */
  public long passes() {
    return passes.get();
  }

  private void tick() {
    try {
      Integer published;
      do {
        published = relayOnce().block(properties.publishTimeout().plusSeconds(5));
      } while (running && published != null && published >= properties.relayBatchSize());
    } catch (RuntimeException e) {
      log.warn("Outbox relay could not publish; will retry: {}", e.toString());
    }
  }

  @Override
  public synchronized void stop() {
    running = false;
    if (thread != null) {
      committed.raise();
      try {
        thread.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      thread = null;
    }
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    // Stop before the Kafka producer and connection pool go away.
    return Integer.MAX_VALUE - 100;
  }
}
