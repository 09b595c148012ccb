package io.equitoken.platform.events;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.MDC;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

@SpringBootApplication
class EventsTestApplication {

  /** A consumer that rejects anything that is not a CloudEvent, like every real one does. */
  static class StrictListener {
    final List<EventEnvelope> received = new CopyOnWriteArrayList<>();

    @KafkaListener(topics = "strict.events.v1", groupId = "strict-listener")
    void on(ConsumerRecord<String, String> record) {
      received.add(CloudEvents.fromRecord(record));
    }
  }

  /** What a consumer sees of the trace: the current span's trace id and the log MDC's. */
  record SeenTrace(String eventId, String traceId, String mdcTraceId) {}

  static class TracedListener {
    final List<SeenTrace> seen = new CopyOnWriteArrayList<>();
    private final Tracer tracer;

    TracedListener(Tracer tracer) {
      this.tracer = tracer;
    }

    @KafkaListener(topics = "traced.events.v1", groupId = "traced-listener")
    void on(ConsumerRecord<String, String> record) {
      Span span = tracer.currentSpan();
      seen.add(
          new SeenTrace(
              CloudEvents.fromRecord(record).id(),
              span == null ? null : span.context().traceId(),
              MDC.get("traceId")));
    }
  }

  /**
   * A batch listener on {@link IdempotentConsumer#handleBatch}: each applied event is a row of
   * {@code batch_applied}, written in the batch's transaction. Type {@code ...poison.v1} is poison;
   * an event whose id is in {@link #failures} fails that many more times, then applies.
   */
  static class BatchListener {
    static final String ID = "batch-listener";
    static final String TOPIC = "batch.events.v1";
    static final String CONSUMER = "batch-listener";
    static final String GROUP = "batch-listener";
    final List<Integer> batchSizes = new CopyOnWriteArrayList<>();
    final Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();
    private final IdempotentConsumer consumer;
    private final DatabaseClient db;

    BatchListener(IdempotentConsumer consumer, DatabaseClient db) {
      this.consumer = consumer;
      this.db = db;
    }

    @KafkaListener(id = ID, topics = TOPIC, groupId = GROUP, batch = "true", autoStartup = "false")
    void on(List<ConsumerRecord<String, String>> records) {
      batchSizes.add(records.size());
      consumer.handleBatch(CONSUMER, records, TYPES, this::prepare, Duration.ofSeconds(30));
    }

    /** The types this listener handles; others on the topic are passed over by their type. */
    static final java.util.Set<String> TYPES =
        java.util.Set.of(
            "equitoken.test.thing.created.v1",
            "equitoken.test.thing.poison.v1",
            "equitoken.test.thing.ignored.v1");

    Mono<Void> prepare(EventEnvelope event) {
      if (event.type().endsWith(".poison.v1")) {
        throw new PoisonEventException("Event " + event.id() + " is poison by its type");
      }
      if (event.type().endsWith(".ignored.v1")) {
        return null;
      }
      return apply(CONSUMER, event.id());
    }

    Mono<Void> apply(String consumerName, String eventId) {
      return Mono.defer(
          () -> {
            AtomicInteger left = failures.get(eventId);
            if (left != null && left.getAndDecrement() > 0) {
              return Mono.error(new IllegalStateException("Event " + eventId + " failed"));
            }
            return db.sql("insert into batch_applied (consumer, event_id) values (:c, :id)")
                .bind("c", consumerName)
                .bind("id", eventId)
                .then();
          });
    }
  }

  @Bean
  BatchListener batchListener(IdempotentConsumer consumer, DatabaseClient db) {
    return new BatchListener(consumer, db);
  }

  @Bean
  TracedListener tracedListener(Tracer tracer) {
    return new TracedListener(tracer);
  }

  @Bean
  StrictListener strictListener() {
    return new StrictListener();
  }
}
