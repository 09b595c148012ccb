package io.equitoken.platform.events;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.MDC;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.annotation.KafkaListener;

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

  @Bean
  TracedListener tracedListener(Tracer tracer) {
    return new TracedListener(tracer);
  }

  @Bean
  StrictListener strictListener() {
    return new StrictListener();
  }
}
