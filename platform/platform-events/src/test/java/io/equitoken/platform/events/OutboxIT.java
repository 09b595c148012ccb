package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

@SpringBootTest(classes = EventsTestApplication.class)
class OutboxIT {

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "platform_events");
    TestInfrastructure.registerKafka(registry);
  }

  @Autowired OutboxWriter outbox;
  @Autowired IdempotentConsumer idempotentConsumer;
  @Autowired DatabaseClient db;
  @Autowired ReactiveTransactionManager tm;
  @Autowired KafkaTemplate<String, String> kafka;
  @Autowired EventsTestApplication.StrictListener strictListener;
  @Autowired OutboxSignal signal;
  @Autowired ConsumerFactory<?, ?> consumers;

  @Test
  void shouldHearOfOutboxCommitsSoThatTheRelayNeedNotPoll() throws InterruptedException {
    // the platform's auto-configuration starts the commit feed beside the relay
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!signal.isListening() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(signal.isListening()).isTrue();
  }

  @Test
  void shouldLetAnIdleConsumersFetchWaitAtTheBroker() {
    assertThat(consumers.getConfigurationProperties())
        .containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 5_000);
  }

  @Test
  void shouldPublishCommittedEventsInOrderAsCloudEvents() {
    String topic = "outbox-order-" + UUID.randomUUID() + ".v1";
    String key = "agg-1";
    TransactionalOperator tx = TransactionalOperator.create(tm);

    tx.transactional(
            outbox
                .append(topic, key, "equitoken.test.thing.created.v1", key, Map.of("n", 1))
                .then(
                    outbox.append(
                        topic, key, "equitoken.test.thing.updated.v1", key, Map.of("n", 2))))
        .block();

    List<ConsumerRecord<String, String>> records = consume(topic, 2);
    assertThat(records).extracting(ConsumerRecord::key).containsExactly(key, key);
    assertThat(records).extracting(ConsumerRecord::value).containsExactly("{\"n\":1}", "{\"n\":2}");
    EventEnvelope first = CloudEvents.fromRecord(records.get(0));
    assertThat(first.type()).isEqualTo("equitoken.test.thing.created.v1");
    assertThat(first.source()).isEqualTo("/events-test");
    assertThat(first.subject()).isEqualTo(key);
    assertThat(header(records.get(0), "ce_specversion")).isEqualTo("1.0");
    assertThat(header(records.get(0), "content-type")).isEqualTo("application/json");
  }

  @Test
  void shouldWriteATransactionsEventsTogetherJustBeforeItCommitsInOrder() {
    String topic = "outbox-batch-" + UUID.randomUUID() + ".v1";
    TransactionalOperator tx = TransactionalOperator.create(tm);
    int events = 1_234; // more than one statement's worth
    Mono<Long> seenInside =
        reactor.core.publisher.Flux.range(0, events)
            .concatMap(
                n ->
                    outbox.append(
                        topic,
                        "k" + (n % 7),
                        "equitoken.test.thing.counted.v1",
                        n % 2 == 0 ? null : "s" + n,
                        Map.of("n", n)))
            .then(rowsOf(topic));

    Long inside = tx.transactional(seenInside).block();

    assertThat(inside).as("rows written before the commit").isZero();
    List<String> written =
        db.sql("select payload from outbox_event where topic = :t order by seq")
            .bind("t", topic)
            .map(r -> r.get(0, String.class))
            .all()
            .collectList()
            .block();
    assertThat(written)
        .containsExactlyElementsOf(
            java.util.stream.IntStream.range(0, events)
                .mapToObj(n -> "{\"n\":" + n + "}")
                .toList());
  }

  private Mono<Long> rowsOf(String topic) {
    return db.sql("select count(*) from outbox_event where topic = :t")
        .bind("t", topic)
        .map(r -> r.get(0, Long.class))
        .one();
  }

  sealed interface ThingEvent permits ThingCreated, ThingRenamed, ThingForgotten {}

  record ThingCreated(String id, int n) implements ThingEvent {}

  record ThingRenamed(String id, String name) implements ThingEvent {}

  record ThingForgotten(String id) implements ThingEvent {}

  @Test
  void outboxPublisherMapsEachEventToItsTopicKeyTypeAndData() {
    String topic = "outbox-publisher-" + UUID.randomUUID() + ".v1";
    OutboxPublisher<ThingEvent> publisher =
        OutboxPublisher.<ThingEvent>builder(outbox)
            .on(
                ThingCreated.class,
                e ->
                    OutboxPublisher.Outgoing.of(
                        topic, e.id(), "equitoken.test.thing.created.v1", Map.of("n", e.n())))
            .on(
                ThingRenamed.class,
                e ->
                    new OutboxPublisher.Outgoing(
                        topic,
                        e.id(),
                        "equitoken.test.thing.renamed.v1",
                        "thing/" + e.id(),
                        Map.of("name", e.name())))
            .build();
    TransactionalOperator tx = TransactionalOperator.create(tm);

    tx.transactional(
            publisher.publishAll(
                List.of(new ThingCreated("t-1", 7), new ThingRenamed("t-1", "seven"))))
        .block();

    List<ConsumerRecord<String, String>> records = consume(topic, 2);
    assertThat(records).extracting(ConsumerRecord::key).containsExactly("t-1", "t-1");
    assertThat(records)
        .extracting(ConsumerRecord::value)
        .containsExactly("{\"n\":7}", "{\"name\":\"seven\"}");
    EventEnvelope created = CloudEvents.fromRecord(records.get(0));
    EventEnvelope renamed = CloudEvents.fromRecord(records.get(1));
    assertThat(created.type()).isEqualTo("equitoken.test.thing.created.v1");
    assertThat(created.subject()).isEqualTo("t-1");
    assertThat(renamed.type()).isEqualTo("equitoken.test.thing.renamed.v1");
    assertThat(renamed.subject()).isEqualTo("thing/t-1");

    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> publisher.publish(new ThingForgotten("t-1")).block())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ThingForgotten");
  }

  @Test
  void shouldNeverPublishEventsOfARolledBackTransaction() {
    String topic = "outbox-rollback-" + UUID.randomUUID() + ".v1";
    TransactionalOperator tx = TransactionalOperator.create(tm);

    Mono<Void> failing =
        outbox
            .append(topic, "k", "equitoken.test.thing.created.v1", null, Map.of("n", 1))
            .then(Mono.error(new IllegalStateException("business rule failed")));
    tx.transactional(failing).onErrorResume(e -> Mono.empty()).block();
    tx.transactional(outbox.append(topic, "k", "equitoken.test.marker.v1", null, Map.of("n", 2)))
        .block();

    List<ConsumerRecord<String, String>> records = consume(topic, 1);
    assertThat(records).extracting(ConsumerRecord::value).containsExactly("{\"n\":2}");
    Long unpublished =
        db.sql("select count(*) from outbox_event where topic = :t and published_at is null")
            .bind("t", topic)
            .map(r -> r.get(0, Long.class))
            .one()
            .block();
    assertThat(unpublished).isZero();
  }

  @Test
  void shouldRunTheHandlerOnlyOnceForARedeliveredEvent() {
    EventEnvelope event =
        new EventEnvelope(
            UUID.randomUUID().toString(),
            "equitoken.test.thing.created.v1",
            "/test",
            null,
            java.time.Instant.now(),
            "k",
            "{}");
    AtomicInteger runs = new AtomicInteger();

    Boolean first =
        idempotentConsumer
            .handleOnce("c1", event, e -> Mono.fromRunnable(runs::incrementAndGet))
            .block();
    Boolean second =
        idempotentConsumer
            .handleOnce("c1", event, e -> Mono.fromRunnable(runs::incrementAndGet))
            .block();
    Boolean otherConsumer =
        idempotentConsumer
            .handleOnce("c2", event, e -> Mono.fromRunnable(runs::incrementAndGet))
            .block();

    assertThat(first).isTrue();
    assertThat(second).isFalse();
    assertThat(otherConsumer).isTrue();
    assertThat(runs).hasValue(2);
  }

  @Test
  void shouldForgetTheEventWhenTheHandlerFailsSoThatARetryRunsIt() {
    EventEnvelope event =
        new EventEnvelope(
            UUID.randomUUID().toString(),
            "t.v1",
            "/test",
            null,
            java.time.Instant.now(),
            "k",
            "{}");

    idempotentConsumer
        .handleOnce("c1", event, e -> Mono.error(new IllegalStateException("boom")))
        .onErrorResume(e -> Mono.just(false))
        .block();
    Boolean retried = idempotentConsumer.handleOnce("c1", event, e -> Mono.empty()).block();

    assertThat(retried).isTrue();
  }

  @Test
  void shouldSendAPoisonRecordToTheDeadLetterTopicWithTheReason() {
    kafka.send(new ProducerRecord<>("strict.events.v1", "k", "not a cloud event")).join();

    List<ConsumerRecord<String, String>> dead = consume("strict.events.v1.dlt", 1);
    assertThat(dead.get(0).value()).isEqualTo("not a cloud event");
    assertThat(header(dead.get(0), "kafka_dlt-exception-message")).contains("not a CloudEvent");
    assertThat(strictListener.received).isEmpty();
  }

  private static String header(ConsumerRecord<String, String> record, String name) {
    return KafkaRecords.header(record, name);
  }

  private static List<ConsumerRecord<String, String>> consume(String topic, int atLeast) {
    return KafkaRecords.consume(
        TestInfrastructure.kafkaBootstrapServers(), topic, atLeast, Duration.ofSeconds(30));
  }
}
