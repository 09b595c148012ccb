package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Outbox backlog/age gauges and the dead-letter counter. Its own database and no relay, so the
 * unpublished rows stay exactly as the test leaves them.
 */
@SpringBootTest(
    classes = {EventsTestApplication.class, EventMetricsIT.Meters.class},
    properties = {"equitoken.events.relay-enabled=false", "equitoken.events.metrics-interval=1h"})
class EventMetricsIT {

  static final String POISON_TOPIC = "metrics-strict.events.v1";

  @TestConfiguration
  static class Meters {
    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }

    @Bean
    PoisonListener poisonListener() {
      return new PoisonListener();
    }
  }

  static class PoisonListener {
    final List<EventEnvelope> received = new CopyOnWriteArrayList<>();

    @KafkaListener(topics = POISON_TOPIC, groupId = "metrics-strict-listener")
    void on(ConsumerRecord<String, String> record) {
      received.add(CloudEvents.fromRecord(record));
    }
  }

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "platform_events_metrics");
    TestInfrastructure.registerKafka(registry);
  }

  @Autowired OutboxWriter outbox;
  @Autowired OutboxMetrics metrics;
  @Autowired DatabaseClient db;
  @Autowired MeterRegistry registry;
  @Autowired KafkaTemplate<String, String> kafka;

  @Test
  void gaugesShowTheUnpublishedRowsAndTheAgeOfTheOldest() {
    db.sql("delete from outbox_event").then().block();
    metrics.refresh().block();
    assertThat(gauge("equitoken.outbox.backlog")).isZero();
    assertThat(gauge("equitoken.outbox.oldest.age")).isZero();

    String topic = "metrics-" + UUID.randomUUID() + ".v1";
    for (int n = 1; n <= 3; n++) {
      outbox.append(topic, "k", "equitoken.test.thing.created.v1", "k", Map.of("n", n)).block();
    }
    db.sql(
            "update outbox_event set occurred_at = occurred_at - interval '1 hour' where seq ="
                + " (select min(seq) from outbox_event)")
        .then()
        .block();

    OutboxMetrics.Snapshot snapshot = metrics.refresh().block();
    assertThat(snapshot.backlog()).isEqualTo(3);
    assertThat(gauge("equitoken.outbox.backlog")).isEqualTo(3.0);
    assertThat(gauge("equitoken.outbox.oldest.age")).isGreaterThanOrEqualTo(3600.0);

    db.sql("update outbox_event set published_at = now()").then().block();
    metrics.refresh().block();
    assertThat(gauge("equitoken.outbox.backlog")).isZero();
    assertThat(gauge("equitoken.outbox.oldest.age")).isZero();
  }

  @Test
  void aRecordSentToTheDeadLetterTopicIsCounted() {
    kafka.send(new ProducerRecord<>(POISON_TOPIC, "k", "not a cloud event")).join();

    List<ConsumerRecord<String, String>> dead =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(),
            POISON_TOPIC + ".dlt",
            1,
            Duration.ofSeconds(30));
    assertThat(dead).isNotEmpty();
    // counted right after the DLT send is acknowledged, which may be just after the probe saw it
    org.awaitility.Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              var counter =
                  registry
                      .find(EventsAutoConfiguration.DEAD_LETTERS)
                      .tag("topic", POISON_TOPIC)
                      .counter();
              return counter != null && counter.count() >= 1.0;
            });
    assertThat(
            registry
                .get(EventsAutoConfiguration.DEAD_LETTERS)
                .tag("topic", POISON_TOPIC)
                .counter()
                .count())
        .isEqualTo(1.0);
  }

  private double gauge(String name) {
    return registry.get(name).gauge().value();
  }
}
