package io.equitoken.platform.events;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.NoTransactionException;
import org.springframework.transaction.reactive.TransactionSynchronization;
import org.springframework.transaction.reactive.TransactionSynchronizationManager;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Appends an event to the service's outbox table. Call it inside the same R2DBC transaction as the
 * business change it describes: both commit or neither does, and the {@link OutboxRelay} publishes
 * it afterwards, in order. The row keeps the W3C {@code traceparent} of the span current at the
 * call ({@link TraceParents}), which the relay puts on the record. Once the transaction commits (at
 * once without one), it raises the {@link OutboxSignal} unless {@link OutboxCommitFeed} listens
 * (which hears of every commit, this one included), so that the relay does not wait for its next
 * poll.
 *
 * <p>Inside a transaction the events are kept in order and written just before it commits, all in
 * one statement (an order's intake or a consumer's whole poll pays one round trip for its events,
 * not one per event); a transaction that rolls back writes none. Without a transaction each event
 * is written at once.
 *
 * <p>An event's id is a version 7 UUID of its time ({@link TimeOrderedIds}): the outbox's and every
 * consumer's processed-event index grow at their right edge instead of at random pages.
 */
public class OutboxWriter {

  private static final int ROWS_PER_STATEMENT = 1000;

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
          Instant time = Instant.now(clock).truncatedTo(ChronoUnit.MICROS);
          EventEnvelope event =
              new EventEnvelope(
                  TimeOrderedIds.next(time.toEpochMilli()).toString(),
                  type,
                  source,
                  subject,
                  time,
                  key,
                  json.writeValueAsString(data));
          Row row = new Row(topic, event, traces.current(context));
          return TransactionSynchronizationManager.forCurrentTransaction()
              .flatMap(
                  manager -> {
                    if (!manager.isSynchronizationActive()) {
                      return insertNow(row);
                    }
                    Pending pending = (Pending) manager.getResource(this);
                    if (pending == null) {
                      pending = new Pending(manager);
                      manager.bindResource(this, pending);
                      manager.registerSynchronization(pending);
                    }
                    pending.rows.add(row);
                    return Mono.<Void>empty();
                  })
              .onErrorResume(NoTransactionException.class, none -> insertNow(row))
              .thenReturn(event);
        });
  }

  /** One outbox row: the event, its topic and the {@code traceparent} current when appended. */
  private record Row(String topic, EventEnvelope event, String traceparent) {}

  /** A transaction's events, written before it commits; the relay woken after it has. */
  private final class Pending implements TransactionSynchronization {
    private final TransactionSynchronizationManager manager;
    private final List<Row> rows = new ArrayList<>();

    Pending(TransactionSynchronizationManager manager) {
      this.manager = manager;
    }

    @Override
    public Mono<Void> beforeCommit(boolean readOnly) {
      return Mono.defer(
          () -> {
            List<Row> written = List.copyOf(rows);
            rows.clear();
            return insert(written);
          });
    }

    @Override
    public Mono<Void> afterCommit() {
      return Mono.fromRunnable(OutboxWriter.this::wakeRelay);
    }

    @Override
    public Mono<Void> afterCompletion(int status) {
      return Mono.fromRunnable(() -> manager.unbindResourceIfPossible(OutboxWriter.this));
    }
  }

  private Mono<Void> insertNow(Row row) {
    return insert(List.of(row)).then(Mono.fromRunnable(this::wakeRelay));
  }

  /**
   * Wakes the relay, unless the commit feed listens: its notification of this very commit wakes it
   * anyway, and a second wake-up would only cost the relay an empty pass.
   */
  private void wakeRelay() {
    if (!committed.isListening()) {
      committed.raise();
    }
  }

  /**
   * The rows in the order they were appended (the relay's order), in one statement per {@link
   * #ROWS_PER_STATEMENT} (PostgreSQL takes at most 65,535 parameters in one).
   */
  private Mono<Void> insert(List<Row> rows) {
    return Flux.range(0, (rows.size() + ROWS_PER_STATEMENT - 1) / ROWS_PER_STATEMENT)
        .concatMap(
            chunk ->
                insertOne(
                    rows.subList(
                        chunk * ROWS_PER_STATEMENT,
                        Math.min(rows.size(), (chunk + 1) * ROWS_PER_STATEMENT))))
        .then();
  }

  private Mono<Void> insertOne(List<Row> rows) {
    StringBuilder sql =
        new StringBuilder(
            "insert into outbox_event (event_id, topic, event_key, event_type, source, subject,"
                + " occurred_at, payload, traceparent) values ");
    for (int i = 0; i < rows.size(); i++) {
      sql.append(i == 0 ? "" : ", ")
          .append(
              "(:id%1$d, :topic%1$d, :key%1$d, :type%1$d, :source, :subject%1$d, :time%1$d,"
                  .formatted(i))
          .append(" :payload%1$d, :traceparent%1$d)".formatted(i));
    }
    DatabaseClient.GenericExecuteSpec spec = db.sql(sql.toString()).bind("source", source);
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      EventEnvelope event = row.event();
      spec =
          spec.bind("id" + i, UUID.fromString(event.id()))
              .bind("topic" + i, row.topic())
              .bind("key" + i, event.key())
              .bind("type" + i, event.type())
              .bind("time" + i, event.time())
              .bind("payload" + i, event.dataJson());
      spec =
          event.subject() == null
              ? spec.bindNull("subject" + i, String.class)
              : spec.bind("subject" + i, event.subject());
      spec =
          row.traceparent() == null
              ? spec.bindNull("traceparent" + i, String.class)
              : spec.bind("traceparent" + i, row.traceparent());
    }
    return spec.fetch().rowsUpdated().then();
  }

  public String source() {
    return source;
  }
}
