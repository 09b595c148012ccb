package io.equitoken.platform.events;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.NoTransactionException;
import org.springframework.transaction.reactive.TransactionSynchronization;
import org.springframework.transaction.reactive.TransactionSynchronizationManager;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Appends an event to the service's outbox table. Call it inside the same R2DBC transaction as the
 * business change it describes: both commit or neither does, and the {@link OutboxRelay} publishes
 * it afterwards, in order. The row keeps the W3C {@code traceparent} of the span current at the
 * call ({@link TraceParents}), which the relay puts on the record. Once the transaction commits (at
 * once without one), it raises the {@link OutboxSignal}, so that the relay does not wait for its
 * next poll.
 */
public class OutboxWriter {

  private final DatabaseClient db;
  private final JsonMapper json;
  private final String source;
  private final Clock clock;
  private final TraceParents traces;
  private final OutboxSignal committed;

  public OutboxWriter(DatabaseClient db, JsonMapper json, String source, Clock clock) {
    this(db, json, source, clock, TraceParents.none(), new OutboxSignal());
  }

  public OutboxWriter(
      DatabaseClient db,
      JsonMapper json,
      String source,
      Clock clock,
      TraceParents traces,
      OutboxSignal committed) {
    this.db = db;
    this.json = json;
    this.source = source;
    this.clock = clock;
    this.traces = traces;
    this.committed = committed;
  }

  /**
   * @param topic e.g. {@code listings.events.v1}
   * @param key the aggregate id (Kafka record key)
   * @param type the versioned event type, e.g. {@code equitoken.listings.listing.published.v1}
   * @param subject the CloudEvents subject (usually the aggregate id), may be null
   * @param data the payload, serialised as JSON
   */
  public Mono<Void> append(String topic, String key, String type, String subject, Object data) {
    return appendEvent(topic, key, type, subject, data).then();
  }

  /** As {@link #append}, answering the event as written (its id, time and JSON). */
  public Mono<EventEnvelope> appendEvent(
      String topic, String key, String type, String subject, Object data) {
    return Mono.deferContextual(
        context -> {
          EventEnvelope event =
              new EventEnvelope(
                  UUID.randomUUID().toString(),
                  type,
                  source,
                  subject,
                  Instant.now(clock).truncatedTo(ChronoUnit.MICROS),
                  key,
                  json.writeValueAsString(data));
          var spec =
              db.sql(
                      "insert into outbox_event (event_id, topic, event_key, event_type, source,"
                          + " subject, occurred_at, payload, traceparent) values (:id, :topic,"
                          + " :key, :type, :source, :subject, :time, :payload, :traceparent)")
                  .bind("id", UUID.fromString(event.id()))
                  .bind("topic", topic)
                  .bind("key", key)
                  .bind("type", type)
                  .bind("source", source)
                  .bind("time", event.time())
                  .bind("payload", event.dataJson());
          spec =
              subject == null
                  ? spec.bindNull("subject", String.class)
                  : spec.bind("subject", subject);
          String traceparent = traces.current(context);
          spec =
              traceparent == null
                  ? spec.bindNull("traceparent", String.class)
                  : spec.bind("traceparent", traceparent);
          return spec.fetch().rowsUpdated().then(signalOnCommit()).thenReturn(event);
        });
  }

  /** Raises the signal after the current transaction commits, or now if there is none. */
  private Mono<Void> signalOnCommit() {
    return TransactionSynchronizationManager.forCurrentTransaction()
        .flatMap(
            manager -> {
              if (!manager.isSynchronizationActive()) {
                committed.raise();
                return Mono.<Void>empty();
              }
              manager.registerSynchronization(
                  new TransactionSynchronization() {
                    @Override
                    public Mono<Void> afterCommit() {
                      return Mono.fromRunnable(committed::raise);
                    }
                  });
              return Mono.<Void>empty();
            })
        .onErrorResume(NoTransactionException.class, none -> Mono.fromRunnable(committed::raise));
  }

  public String source() {
    return source;
  }
}
