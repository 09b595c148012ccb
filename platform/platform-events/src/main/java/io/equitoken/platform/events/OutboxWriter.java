package io.equitoken.platform.events;

import io.equitoken.platform.r2dbc.CommitStatement;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
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
 * one statement: the transaction's {@link CommitStatement}, which carries its other writes made at
 * commit too (an {@code Idempotency-Key}'s record), so an order's intake or a consumer's whole poll
 * pays one round trip for all of them, not one per event; a transaction that rolls back writes
 * none. Without a transaction each event is written at once.
 *
 * <p>An event's id is a version 7 UUID of its time ({@link TimeOrderedIds}): the outbox's and every
 * consumer's processed-event index grow at their right edge instead of at random pages.
 */
public class OutboxWriter {

  /** At most this many rows per statement (8 parameters each; PostgreSQL takes 65,535). */
  private static final int ROWS_PER_STATEMENT = 1000;

  private final CommitStatement atCommit;
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
    this.atCommit = new CommitStatement(db);
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
          return atCommit
              .gathered(this, Rows::new)
              .doOnNext(rows -> rows.rows.add(row))
              .hasElement()
              .flatMap(
                  gathered -> {
                    if (gathered) {
                      return Mono.<Void>empty();
                    }
                    Rows now = new Rows();
                    now.rows.add(row);
                    return atCommit.add(now);
                  })
              .thenReturn(event);
        });
  }

  /** One outbox row: the event, its topic and the {@code traceparent} current when appended. */
  private record Row(String topic, EventEnvelope event, String traceparent) {}

  /** A transaction's events, written at its commit; the relay woken after it. */
  private final class Rows implements CommitStatement.Writes {
    private final List<Row> rows = new ArrayList<>();

    /**
     * The rows in the order they were appended (the relay's order), {@link #ROWS_PER_STATEMENT} to
     * a part: parts on one table go into separate statements, in order.
     */
    @Override
    public List<? extends CommitStatement.Part> parts() {
      List<Chunk> chunks = new ArrayList<>();
      for (int from = 0; from < rows.size(); from += ROWS_PER_STATEMENT) {
        chunks.add(new Chunk(rows.subList(from, Math.min(rows.size(), from + ROWS_PER_STATEMENT))));
      }
      return chunks;
    }

    @Override
    public void committed() {
      wakeRelay();
    }
  }

  /** Up to {@link #ROWS_PER_STATEMENT} rows, inserted by one statement. */
  private final class Chunk implements CommitStatement.Part {
    private final List<Row> rows;

    Chunk(List<Row> rows) {
      this.rows = rows;
    }

    @Override
    public String table() {
      return "outbox_event";
    }

    @Override
    public String sql(CommitStatement.Parameters parameters) {
      StringBuilder sql =
          new StringBuilder(
              "insert into outbox_event (event_id, topic, event_key, event_type, source, subject,"
                  + " occurred_at, payload, traceparent) values ");
      String sourceValue = parameters.bind("source", source);
      for (int i = 0; i < rows.size(); i++) {
        Row row = rows.get(i);
        EventEnvelope event = row.event();
        sql.append(i == 0 ? "(" : ", (")
            .append(parameters.bind("id" + i, UUID.fromString(event.id())))
            .append(", ")
            .append(parameters.bind("topic" + i, row.topic()))
            .append(", ")
            .append(parameters.bind("key" + i, event.key()))
            .append(", ")
            .append(parameters.bind("type" + i, event.type()))
            .append(", ")
            .append(sourceValue)
            .append(", ")
            .append(parameters.bind("subject" + i, event.subject(), String.class))
            .append(", ")
            .append(parameters.bind("time" + i, event.time()))
            .append(", ")
            .append(parameters.bind("payload" + i, event.dataJson()))
            .append(", ")
            .append(parameters.bind("traceparent" + i, row.traceparent(), String.class))
            .append(')');
      }
      return sql.toString();
    }
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

  public String source() {
    return source;
  }
}
