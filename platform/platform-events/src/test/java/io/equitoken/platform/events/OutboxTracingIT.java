package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.contextpropagation.ObservationAwareSpanThreadLocalAccessor;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.util.context.Context;

/**
 * Traces across Kafka: an event written under a span (as platform-web's request filter puts it in
 * the Reactor context) is stored with that span's {@code traceparent}, the relay puts it on the
 * record, and the consumer runs in the same trace (its current span and its log MDC).
 */
@SpringBootTest(classes = EventsTestApplication.class)
class OutboxTracingIT {

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "platform_events");
    TestInfrastructure.registerKafka(registry);
  }

  @Autowired OutboxWriter outbox;
  @Autowired ReactiveTransactionManager tm;
  @Autowired Tracer tracer;
  @Autowired EventsTestApplication.TracedListener listener;

  @Test
  void theRecordCarriesTheWritersTraceparentAndTheConsumerContinuesTheTrace() {
    String topic = "traced.events.v1";
    Span request = tracer.nextSpan().name("request").start();
    EventEnvelope written;
    try {
      written =
          TransactionalOperator.create(tm)
              .transactional(
                  outbox.appendEvent(
                      topic, "agg-t", "equitoken.test.thing.created.v1", "agg-t", Map.of("n", 1)))
              .contextWrite(Context.of(ObservationAwareSpanThreadLocalAccessor.KEY, request))
              .block();
    } finally {
      request.end();
    }
    String traceId = request.context().traceId();

    List<ConsumerRecord<String, String>> records =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(),
            topic,
            r -> written.id().equals(KafkaRecords.header(r, CloudEvents.ID)),
            1,
            Duration.ofSeconds(30));
    String traceparent = KafkaRecords.header(records.get(0), TraceParents.HEADER);
    assertThat(traceparent)
        .as("W3C traceparent: version-traceid-parentid-flags")
        .matches("00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]")
        .isEqualTo(
            "00-"
                + traceId
                + "-"
                + request.context().spanId()
                + (Boolean.TRUE.equals(request.context().sampled()) ? "-01" : "-00"));

    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> listener.seen.stream().anyMatch(s -> s.eventId().equals(written.id())));
    EventsTestApplication.SeenTrace seen =
        listener.seen.stream().filter(s -> s.eventId().equals(written.id())).findFirst().get();
    assertThat(seen.traceId()).isEqualTo(traceId);
    assertThat(seen.mdcTraceId()).isEqualTo(traceId);
  }

  @Test
  void anEventWrittenWithoutASpanCarriesNoTraceparent() {
    String topic = "untraced-" + UUID.randomUUID() + ".v1";
    EventEnvelope written =
        TransactionalOperator.create(tm)
            .transactional(
                outbox.appendEvent(
                    topic, "agg-u", "equitoken.test.thing.created.v1", "agg-u", Map.of("n", 2)))
            .block();

    List<ConsumerRecord<String, String>> records =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(), topic, 1, Duration.ofSeconds(30));
    assertThat(KafkaRecords.header(records.get(0), CloudEvents.ID)).isEqualTo(written.id());
    assertThat(KafkaRecords.header(records.get(0), TraceParents.HEADER)).isNull();
  }
}
