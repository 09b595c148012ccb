package io.equitoken.platform.events;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * At-least-once delivery made effectively-once: the handler runs in one transaction with the
 * insertion of {@code (consumer, event id)} into {@code processed_event}, so a redelivered event is
 * recognised and skipped, and a handler failure leaves no trace (the event will be retried).
 *
 * <p>{@link #handleBatch} does the same for a batch listener's whole poll in one transaction.
 */
public class IdempotentConsumer {

  private static final Logger log = LoggerFactory.getLogger(IdempotentConsumer.class);

  private final DatabaseClient db;
  private final TransactionalOperator tx;

  public IdempotentConsumer(DatabaseClient db, TransactionalOperator tx) {
    this.db = db;
    this.tx = tx;
  }

  /** Answers true if the handler ran, false if this consumer had already processed the event. */
  public Mono<Boolean> handleOnce(
      String consumerName, EventEnvelope event, Function<EventEnvelope, Mono<Void>> handler) {
    Mono<Boolean> work =
        db.sql(
                "insert into processed_event (consumer, event_id) values (:consumer, :id)"
                    + " on conflict do nothing")
            .bind("consumer", consumerName)
            .bind("id", event.id())
            .fetch()
            .rowsUpdated()
            .flatMap(
                inserted ->
                    inserted == 1
                        ? handler.apply(event).thenReturn(Boolean.TRUE)
                        : Mono.just(Boolean.FALSE));
    return tx.transactional(work);
  }

  /**
   * One poll of a batch listener ({@code @KafkaListener(batch = "true")}) applied in ONE
   * transaction, with the guarantees of {@link #handleOnce} for each record:
   *
   * <ul>
   *   <li>{@code prepare} runs for each record in order, before the transaction: it reads and
   *       checks the event and answers the work to do in the transaction, or null when the event is
   *       none of this consumer's business (nothing is recorded for it). It throws {@link
   *       PoisonEventException} for an event that can never be processed.
   *   <li>The batch's event ids are marked in {@code processed_event} by one statement; the work of
   *       those not marked before (redeliveries, and repeats inside the batch, are skipped) runs in
   *       record order, in the same transaction. The listener returns once it has committed, so the
   *       container commits the offsets after the transaction.
   *   <li>A record that fails in {@code prepare} ends the batch there: the records before it are
   *       applied, then a {@link BatchListenerFailedException} names it, so that the platform's
   *       error handler commits the offsets before it, sends it to {@code <topic>.dlt} (at once if
   *       poison, after the retries otherwise) and fetches the rest again.
   *   <li>If the transaction fails, it leaves no trace and the records are applied again one per
   *       transaction ({@link #handleOnce}); the first that fails on its own is named in a {@link
   *       BatchListenerFailedException} as above, so it is retried and then dead-lettered alone.
   * </ul>
   *
   * @return how many events were applied (not skipped as already processed)
   */
  public int handleBatch(
      String consumerName,
      List<ConsumerRecord<String, String>> records,
      Function<EventEnvelope, Mono<Void>> prepare,
      Duration timeout) {
    return handleBatch(consumerName, records, null, prepare, timeout);
  }

  /**
   * {@link #handleBatch(String, List, Function, Duration)} for a consumer that handles only the
   * event {@code types} it names: a record whose {@code ce_type} is another is passed over from
   * that header alone — it is not read as an event (no other header, no {@code ce_time}, no data),
   * not given to {@code prepare}, and nothing is recorded for it, whatever else it holds. A record
   * without {@code ce_type} is not a CloudEvent and goes to the dead-letter topic as before; the
   * types named are handled exactly as by the method without them. {@code types} null handles every
   * type.
   */
  public int handleBatch(
      String consumerName,
      List<ConsumerRecord<String, String>> records,
      Set<String> types,
      Function<EventEnvelope, Mono<Void>> prepare,
      Duration timeout) {
    List<Prepared> work = new ArrayList<>(records.size());
    Set<String> ids = new HashSet<>();
    ConsumerRecord<String, String> failed = null;
    RuntimeException failure = null;
    for (ConsumerRecord<String, String> record : records) {
      if (!handles(types, record)) {
        continue;
      }
      try {
        EventEnvelope event = CloudEvents.fromRecord(record);
        Mono<Void> apply = prepare.apply(event);
        if (apply != null && ids.add(event.id())) {
          work.add(new Prepared(record, event, apply));
        }
      } catch (RuntimeException e) {
        failed = record;
        failure = e;
        break;
      }
    }
    int applied = 0;
    if (!work.isEmpty()) {
      Integer inOne;
      try {
        inOne = tx.transactional(applyAll(consumerName, work)).block(timeout);
      } catch (RuntimeException batchFailed) {
        log.warn(
            "Batch of {} events for {} failed ({}); applying them one per transaction",
            work.size(),
            consumerName,
            batchFailed.toString());
        inOne = null;
      }
      applied = inOne != null ? inOne : oneByOne(consumerName, work, prepare, timeout);
    }
    if (failed != null) {
      throw new BatchListenerFailedException(String.valueOf(failure.getMessage()), failure, failed);
    }
    return applied;
  }

  /**
   * Whether a record is of a type the consumer handles, from its {@code ce_type} header alone; a
   * record without one is read (and found poison) like any other.
   */
  private static boolean handles(Set<String> types, ConsumerRecord<String, String> record) {
    if (types == null) {
      return true;
    }
    String type = CloudEvents.typeOf(record);
    return type == null || types.contains(type);
  }

  /**
   * A batch's work runs after the records' observations ended, outside any span: the record's own
   * {@code traceparent} goes into the work's Reactor context, so that the events it writes to the
   * outbox continue the producer's trace ({@link TraceParents#RECORD_KEY}).
   */
  static Mono<Void> continuingTrace(ConsumerRecord<String, String> record, Mono<Void> work) {
    org.apache.kafka.common.header.Header header = record.headers().lastHeader(TraceParents.HEADER);
    if (header == null || header.value() == null) {
      return work;
    }
    String traceparent = new String(header.value(), java.nio.charset.StandardCharsets.UTF_8);
    return work.contextWrite(context -> context.put(TraceParents.RECORD_KEY, traceparent));
  }

  /**
   * A poll applied as a whole: {@code read} turns each record of the {@code types} handled into
   * what the consumer needs of it (before the transaction, as {@code prepare} does: null = none of
   * this consumer's business, {@link PoisonEventException} = poison, the same dead-lettering), and
   * {@code applyAll} applies the items of the events not processed before — in record order, once
   * each, never empty — in the transaction that marks them. So a consumer writes a poll with one
   * multi-row statement per table instead of one per event. If that transaction fails, each item is
   * applied alone ({@code applyAll} with one item, one transaction each) and the first that fails
   * alone is named for the error handler, as in {@link #handleBatch(String, List, Set, Function,
   * Duration)}. A whole poll's work continues no single record's trace.
   *
   * @return how many events were applied (not skipped as already processed)
   */
  public <T> int handleBatch(
      String consumerName,
      List<ConsumerRecord<String, String>> records,
      Set<String> types,
      Function<EventEnvelope, T> read,
      Function<List<T>, Mono<Void>> applyAll,
      Duration timeout) {
    List<Item<T>> items = new ArrayList<>(records.size());
    Set<String> ids = new HashSet<>();
    ConsumerRecord<String, String> failed = null;
    RuntimeException failure = null;
    for (ConsumerRecord<String, String> record : records) {
      if (!handles(types, record)) {
        continue;
      }
      try {
        EventEnvelope event = CloudEvents.fromRecord(record);
        T item = read.apply(event);
        if (item != null && ids.add(event.id())) {
          items.add(new Item<>(record, event, item));
        }
      } catch (RuntimeException e) {
        failed = record;
        failure = e;
        break;
      }
    }
    int applied = 0;
    if (!items.isEmpty()) {
      Integer inOne;
      try {
        inOne =
            tx.transactional(
                    mark(consumerName, items.stream().map(i -> i.event().id()))
                        .flatMap(
                            fresh -> {
                              List<T> todo =
                                  items.stream()
                                      .filter(i -> fresh.contains(i.event().id()))
                                      .map(Item::item)
                                      .toList();
                              return todo.isEmpty()
                                  ? Mono.just(0)
                                  : applyAll.apply(todo).then(Mono.just(todo.size()));
                            }))
                .block(timeout);
      } catch (RuntimeException batchFailed) {
        log.warn(
            "Batch of {} events for {} failed ({}); applying them one per transaction",
            items.size(),
            consumerName,
            batchFailed.toString());
        inOne = null;
      }
      applied = inOne != null ? inOne : oneItemAtATime(consumerName, items, applyAll, timeout);
    }
    if (failed != null) {
      throw new BatchListenerFailedException(String.valueOf(failure.getMessage()), failure, failed);
    }
    return applied;
  }

  private record Item<T>(ConsumerRecord<String, String> record, EventEnvelope event, T item) {}

  private <T> int oneItemAtATime(
      String consumerName,
      List<Item<T>> items,
      Function<List<T>, Mono<Void>> applyAll,
      Duration timeout) {
    int applied = 0;
    for (Item<T> i : items) {
      try {
        Boolean ran =
            handleOnce(
                    consumerName,
                    i.event(),
                    e ->
                        continuingTrace(
                            i.record(), Mono.defer(() -> applyAll.apply(List.of(i.item())))))
                .block(timeout);
        if (Boolean.TRUE.equals(ran)) {
          applied++;
        }
      } catch (RuntimeException e) {
        throw new BatchListenerFailedException(String.valueOf(e.getMessage()), e, i.record());
      }
    }
    return applied;
  }

  /** Marks the ids processed in one statement; answers those not marked before. */
  private Mono<Set<String>> mark(String consumerName, java.util.stream.Stream<String> eventIds) {
    // sorted: two transactions marking overlapping batches (a rebalance) lock rows in one order
    String[] ids = eventIds.sorted().toArray(String[]::new);
    return db.sql(
            "insert into processed_event (consumer, event_id)"
                + " select :consumer, id from unnest(cast(:ids as text[])) as batch(id)"
                + " on conflict do nothing returning event_id")
        .bind("consumer", consumerName)
        .bind("ids", ids)
        .map(row -> row.get("event_id", String.class))
        .all()
        .collect(Collectors.toSet());
  }

  private record Prepared(
      ConsumerRecord<String, String> record, EventEnvelope event, Mono<Void> apply) {}

  private Mono<Integer> applyAll(String consumerName, List<Prepared> work) {
    return mark(consumerName, work.stream().map(p -> p.event().id()))
        .flatMap(
            fresh ->
                Flux.fromIterable(work)
                    .filter(p -> fresh.contains(p.event().id()))
                    .concatMap(p -> continuingTrace(p.record(), p.apply()))
                    .then(Mono.just(fresh.size())));
  }

  private int oneByOne(
      String consumerName,
      List<Prepared> work,
      Function<EventEnvelope, Mono<Void>> prepare,
      Duration timeout) {
    int applied = 0;
    for (Prepared p : work) {
      try {
        // prepared again: the work of the rolled-back attempt is not subscribed twice
        Boolean ran =
            handleOnce(
                    consumerName,
                    p.event(),
                    e ->
                        continuingTrace(
                            p.record(),
                            Mono.defer(() -> Mono.justOrEmpty(prepare.apply(e)).flatMap(m -> m))))
                .block(timeout);
        if (Boolean.TRUE.equals(ran)) {
          applied++;
        }
      } catch (RuntimeException e) {
        throw new BatchListenerFailedException(String.valueOf(e.getMessage()), e, p.record());
      }
    }
    return applied;
  }
}
