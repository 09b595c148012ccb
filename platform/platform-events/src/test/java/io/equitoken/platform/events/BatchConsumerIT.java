package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@link IdempotentConsumer#handleBatch}: one transaction per poll with the guarantees of one per
 * record — against the real PostgreSQL (direct calls, so that the batch is exactly the one given)
 * and through a real batch listener on the embedded broker (poison, failure and redelivery).
 */
@SpringBootTest(classes = EventsTestApplication.class)
class BatchConsumerIT {

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "platform_events");
    TestInfrastructure.registerKafka(registry);
  }

  @Autowired IdempotentConsumer consumer;
  @Autowired DatabaseClient db;
  @Autowired KafkaTemplate<String, String> kafka;
  @Autowired KafkaListenerEndpointRegistry listeners;
  @Autowired EventsTestApplication.BatchListener listener;

  private final String consumerName = "batch-it-" + UUID.randomUUID();

  @BeforeEach
  void table() {
    db.sql(
            "create table if not exists batch_applied (consumer text not null,"
                + " event_id text not null)")
        .then()
        .block();
  }

  @Test
  void shouldPauseEveryListenerBetweenPollsSoThatABusyConsumerGathersRecords() {
    assertThat(listeners.getListenerContainers())
        .isNotEmpty()
        .allSatisfy(
            c ->
                assertThat(c.getContainerProperties().getIdleBetweenPolls())
                    .isEqualTo(EventsAutoConfiguration.GATHER.toMillis()));

    // a service's own Spring Kafka setting wins
    var own =
        new org.springframework.kafka.listener.ConcurrentMessageListenerContainer<>(
            new org.springframework.kafka.core.DefaultKafkaConsumerFactory<String, String>(
                java.util.Map.of()),
            new org.springframework.kafka.listener.ContainerProperties("t"));
    own.getContainerProperties().setIdleBetweenPolls(7);
    EventsAutoConfiguration.gather(own, java.time.Duration.ofMillis(50));
    assertThat(own.getContainerProperties().getIdleBetweenPolls()).isEqualTo(7);
  }

  @Test
  void shouldCommitEveryListenersOffsetsOncePerIntervalRatherThanPerPoll() {
    assertThat(listeners.getListenerContainers())
        .isNotEmpty()
        .allSatisfy(
            c -> {
              assertThat(c.getContainerProperties().getAckMode())
                  .isEqualTo(ContainerProperties.AckMode.TIME);
              assertThat(c.getContainerProperties().getAckTime())
                  .isEqualTo(EventsAutoConfiguration.COMMIT_INTERVAL.toMillis());
            });

    // a container given another ack mode keeps it
    var own =
        new org.springframework.kafka.listener.ConcurrentMessageListenerContainer<>(
            new org.springframework.kafka.core.DefaultKafkaConsumerFactory<String, String>(
                java.util.Map.of()),
            new ContainerProperties("t"));
    own.getContainerProperties().setAckMode(ContainerProperties.AckMode.RECORD);
    EventsAutoConfiguration.commitEvery(own, Duration.ofSeconds(1));
    assertThat(own.getContainerProperties().getAckMode())
        .isEqualTo(ContainerProperties.AckMode.RECORD);
  }

  @Test
  void shouldApplyEachEventOnceWhetherRepeatedInsideABatchOrAcrossBatches() {
    String a = id();
    String b = id();
    String c = id();
    String d = id();

    int first = handle(List.of(record(a), record(b), record(a), record(c)));
    int second = handle(List.of(record(b), record(d), record(d)));

    assertThat(first).isEqualTo(3);
    assertThat(second).isEqualTo(1);
    assertThat(applied()).containsExactlyInAnyOrderEntriesOf(Map.of(a, 1L, b, 1L, c, 1L, d, 1L));
    assertThat(processed()).containsExactlyInAnyOrder(a, b, c, d);
  }

  @Test
  void shouldApplyTheRecordsBeforeAPoisonOneAndNameItForTheDeadLetterTopic() {
    String a = id();
    String poison = id();
    String b = id();
    ConsumerRecord<String, String> bad = record(poison, "equitoken.test.thing.poison.v1");

    assertThatThrownBy(() -> handle(List.of(record(a), bad, record(b))))
        .isInstanceOfSatisfying(
            BatchListenerFailedException.class,
            e -> {
              assertThat(e.getRecord()).isSameAs(bad);
              assertThat(e.getCause()).isInstanceOf(PoisonEventException.class);
              assertThat(e.getMessage()).contains("poison by its type");
            });

    // the error handler fetches the records after the poison one again
    assertThat(applied()).containsOnlyKeys(a);
    assertThat(handle(List.of(record(b)))).isEqualTo(1);
    assertThat(applied()).containsOnlyKeys(a, b);
    assertThat(processed()).containsExactlyInAnyOrder(a, b);
  }

  @Test
  void shouldRunEachEventsWorkWithItsRecordsTraceparentSoThatWhatItWritesContinuesTheTrace() {
    String traced = id();
    String untraced = id();
    String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    ConsumerRecord<String, String> withHeader = record(traced);
    withHeader
        .headers()
        .add(TraceParents.HEADER, traceparent.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    TraceParents traceParents =
        new TraceParents(
            () -> io.micrometer.tracing.Tracer.NOOP,
            () -> io.micrometer.tracing.propagation.Propagator.NOOP);
    Map<String, String> seen = new java.util.concurrent.ConcurrentHashMap<>();

    consumer.handleBatch(
        consumerName,
        List.of(withHeader, record(untraced)),
        e ->
            reactor.core.publisher.Mono.deferContextual(
                context -> {
                  String current = traceParents.current(context);
                  seen.put(e.id(), current == null ? "none" : current);
                  return reactor.core.publisher.Mono.<Void>empty();
                }),
        Duration.ofSeconds(30));

    assertThat(seen)
        .containsExactlyInAnyOrderEntriesOf(Map.of(traced, traceparent, untraced, "none"));
  }

  @Test
  void shouldRecordNothingForEventsTheConsumerIgnores() {
    String ignored = id();
    String a = id();

    int n = handle(List.of(record(ignored, "equitoken.test.thing.ignored.v1"), record(a)));

    assertThat(n).isEqualTo(1);
    assertThat(processed()).containsExactly(a);
  }

  @Test
  void shouldPassOverTypesTheConsumerDoesNotHandleFromTheirTypeAloneAndRecordNothingForThem() {
    String other = id();
    String unreadable = id();
    String a = id();
    // another type, and another type that is not even a readable event (no ce_time, no body)
    ConsumerRecord<String, String> broken = record(unreadable, "equitoken.test.other.v1");
    broken.headers().remove(CloudEvents.TIME);
    ConsumerRecord<String, String> noBody =
        new ConsumerRecord<>(broken.topic(), 0, offset++, "k", null);
    broken.headers().forEach(h -> noBody.headers().add(h));
    List<String> prepared = new ArrayList<>();

    int n =
        consumer.handleBatch(
            consumerName,
            List.of(record(other, "equitoken.test.other.v1"), noBody, record(a)),
            java.util.Set.of("equitoken.test.thing.created.v1"),
            e -> {
              prepared.add(e.id());
              return prepare(e);
            },
            Duration.ofSeconds(30));

    assertThat(n).isEqualTo(1);
    assertThat(prepared).containsExactly(a);
    assertThat(processed()).containsExactly(a);
    assertThat(applied()).containsOnlyKeys(a);
  }

  @Test
  void shouldApplyAHandledTypeOnceWhenRedeliveredAndStillNamePoisonAmongTheDeclaredTypes() {
    java.util.Set<String> types =
        java.util.Set.of("equitoken.test.thing.created.v1", "equitoken.test.thing.poison.v1");
    String a = id();
    String poison = id();
    ConsumerRecord<String, String> bad = record(poison, "equitoken.test.thing.poison.v1");
    ConsumerRecord<String, String> untyped = record(id());
    untyped.headers().remove(CloudEvents.TYPE);

    int first =
        consumer.handleBatch(consumerName, List.of(record(a)), types, this::prepare, TIMEOUT);
    int again =
        consumer.handleBatch(consumerName, List.of(record(a)), types, this::prepare, TIMEOUT);

    assertThat(first).isEqualTo(1);
    assertThat(again).isZero();
    assertThat(applied()).containsExactlyInAnyOrderEntriesOf(Map.of(a, 1L));
    assertThatThrownBy(
            () -> consumer.handleBatch(consumerName, List.of(bad), types, this::prepare, TIMEOUT))
        .isInstanceOfSatisfying(
            BatchListenerFailedException.class,
            e -> assertThat(e.getCause()).isInstanceOf(PoisonEventException.class));
    // a record without ce_type is no CloudEvent: poison, whatever types the consumer handles
    assertThatThrownBy(
            () ->
                consumer.handleBatch(consumerName, List.of(untyped), types, this::prepare, TIMEOUT))
        .isInstanceOfSatisfying(
            BatchListenerFailedException.class,
            e -> {
              assertThat(e.getRecord()).isSameAs(untyped);
              assertThat(e.getCause()).isInstanceOf(PoisonEventException.class);
            });
    assertThat(processed()).containsExactly(a);
  }

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private static final java.util.Set<String> CREATED_AND_POISON =
      java.util.Set.of("equitoken.test.thing.created.v1", "equitoken.test.thing.poison.v1");

  @Test
  void shouldApplyAPollsNewEventsTogetherInRecordOrderOnceEach() {
    String a = id();
    String b = id();
    String c = id();
    String d = id();
    List<List<String>> calls = new ArrayList<>();

    int first =
        wholePoll(
            List.of(
                record(a),
                record(b),
                record(a),
                record(id(), "equitoken.test.other.v1"),
                record(c)),
            calls,
            null);
    int second = wholePoll(List.of(record(b), record(d), record(d)), calls, null);
    int third = wholePoll(List.of(record(c)), calls, null);

    assertThat(List.of(first, second, third)).containsExactly(3, 1, 0);
    assertThat(calls).containsExactly(List.of(a, b, c), List.of(d));
    assertThat(applied()).containsExactlyInAnyOrderEntriesOf(Map.of(a, 1L, b, 1L, c, 1L, d, 1L));
    assertThat(processed()).containsExactlyInAnyOrder(a, b, c, d);
  }

  @Test
  void shouldApplyAFailedPollsEventsAloneAndNameTheOneThatFailsAlone() {
    String a = id();
    String broken = id();
    String c = id();
    List<List<String>> calls = new ArrayList<>();

    assertThatThrownBy(
            () -> wholePoll(List.of(record(a), record(broken), record(c)), calls, broken))
        .isInstanceOfSatisfying(
            BatchListenerFailedException.class,
            e -> assertThat(KafkaRecords.header(recordOf(e), CloudEvents.ID)).isEqualTo(broken));

    // the poll's transaction left nothing; then a alone, then broken alone (failed)
    assertThat(calls).containsExactly(List.of(a, broken, c), List.of(a), List.of(broken));
    assertThat(applied()).containsOnlyKeys(a);
    assertThat(processed()).containsExactly(a);
  }

  @Test
  void shouldApplyAWholePollUpToAPoisonRecordAndNameIt() {
    String a = id();
    ConsumerRecord<String, String> bad = record(id(), "equitoken.test.thing.poison.v1");
    String b = id();
    List<List<String>> calls = new ArrayList<>();

    assertThatThrownBy(() -> wholePoll(List.of(record(a), bad, record(b)), calls, null))
        .isInstanceOfSatisfying(
            BatchListenerFailedException.class,
            e -> {
              assertThat(e.getRecord()).isSameAs(bad);
              assertThat(e.getCause()).isInstanceOf(PoisonEventException.class);
            });

    assertThat(calls).containsExactly(List.of(a));
    assertThat(processed()).containsExactly(a);
  }

  /** The poll through the whole-poll variant; its work inserts every item in one statement. */
  private int wholePoll(
      List<ConsumerRecord<String, String>> records, List<List<String>> calls, String failing) {
    return consumer.handleBatch(
        consumerName,
        records,
        CREATED_AND_POISON,
        e -> {
          if (e.type().endsWith(".poison.v1")) {
            throw new PoisonEventException("Event " + e.id() + " is poison by its type");
          }
          return e.id();
        },
        (List<String> ids) ->
            reactor.core.publisher.Mono.defer(
                () -> {
                  calls.add(List.copyOf(ids));
                  if (ids.contains(failing)) {
                    return reactor.core.publisher.Mono.error(new IllegalStateException("boom"));
                  }
                  return db.sql(
                          "insert into batch_applied (consumer, event_id)"
                              + " select :c, id from unnest(cast(:ids as text[])) as b(id)")
                      .bind("c", consumerName)
                      .bind("ids", ids.toArray(String[]::new))
                      .then();
                }),
        TIMEOUT);
  }

  @Test
  void shouldLeaveNoTraceOfAFailedTransactionAndApplyEveryEventOnceOnItsRetry() {
    String a = id();
    String flaky = id();
    String c = id();
    AtomicInteger failures = new AtomicInteger(1);

    // the batch's transaction fails on its second event after the first was written
    int n =
        consumer.handleBatch(
            consumerName,
            List.of(record(a), record(flaky), record(c)),
            e -> failOnce(e, flaky, failures),
            Duration.ofSeconds(30));

    assertThat(failures.get()).as("the injected failure happened").isLessThanOrEqualTo(0);
    assertThat(n).isEqualTo(3);
    assertThat(applied()).containsExactlyInAnyOrderEntriesOf(Map.of(a, 1L, flaky, 1L, c, 1L));
  }

  @Test
  void shouldNameTheRecordThatFailsOnItsOwnAndKeepWhatWasAppliedBeforeIt() {
    String a = id();
    String broken = id();
    String c = id();
    AtomicInteger failures = new AtomicInteger(2); // the batch, then the record alone

    assertThatThrownBy(
            () ->
                consumer.handleBatch(
                    consumerName,
                    List.of(record(a), record(broken), record(c)),
                    e -> failOnce(e, broken, failures),
                    Duration.ofSeconds(30)))
        .isInstanceOfSatisfying(
            BatchListenerFailedException.class,
            e -> assertThat(KafkaRecords.header(recordOf(e), CloudEvents.ID)).isEqualTo(broken));

    assertThat(applied()).containsOnlyKeys(a);
    assertThat(processed()).containsExactly(a);
    // the error handler's retry: the failed record and the rest again
    assertThat(handle(List.of(record(broken), record(c)))).isEqualTo(2);
    assertThat(applied()).containsExactlyInAnyOrderEntriesOf(Map.of(a, 1L, broken, 1L, c, 1L));
  }

  @Test
  void shouldConsumeABatchFromKafkaWithDuplicatesAPoisonRecordAndAFailureExactlyOnce() {
    String topic = EventsTestApplication.BatchListener.TOPIC;
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      ids.add(id());
    }
    String poison = id();
    String foreignId = id();
    String flaky = ids.get(15);
    // fails in the batch's transaction and alone (first delivery), then in the batch's transaction
    // once more after the error handler fetched it again, whose fallback applies it
    listener.failures.put(flaky, new AtomicInteger(3));
    List<ProducerRecord<String, String>> sent = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      sent.add(cloudEvent(topic, ids.get(i), "equitoken.test.thing.created.v1"));
      if (i == 9) {
        sent.add(cloudEvent(topic, poison, "equitoken.test.thing.poison.v1"));
      }
      if (i % 5 == 4) {
        sent.add(cloudEvent(topic, ids.get(i - 2), "equitoken.test.thing.created.v1"));
      }
      if (i == 12) {
        // a type the listener does not handle, not even a readable event: passed over by its type
        ProducerRecord<String, String> foreign =
            cloudEvent(topic, foreignId, "equitoken.test.x.v1");
        foreign.headers().remove(CloudEvents.TIME);
        sent.add(foreign);
      }
    }
    for (ProducerRecord<String, String> r : sent) {
      kafka.send(r);
    }
    kafka.flush();

    listeners.getListenerContainer(EventsTestApplication.BatchListener.ID).start();

    List<ConsumerRecord<String, String>> dead =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(),
            topic + ".dlt",
            r -> poison.equals(KafkaRecords.header(r, CloudEvents.ID)),
            1,
            Duration.ofSeconds(60));
    assertThat(KafkaRecords.header(dead.get(0), "kafka_dlt-exception-message"))
        .contains("poison by its type");
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> applied(EventsTestApplication.BatchListener.CONSUMER, ids).size() == 20);
    Map<String, Long> applied = applied(EventsTestApplication.BatchListener.CONSUMER, ids);
    assertThat(applied.values()).as("each event once").containsOnly(1L);
    assertThat(listener.failures.get(flaky)).hasValueLessThanOrEqualTo(0);
    assertThat(listener.batchSizes).as("batches seen").isNotEmpty();
    // nothing but the poison record went to the dead-letter topic, and the foreign one left no row
    List<ConsumerRecord<String, String>> allDead =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(),
            topic + ".dlt",
            r ->
                ids.contains(KafkaRecords.header(r, CloudEvents.ID))
                    || foreignId.equals(KafkaRecords.header(r, CloudEvents.ID)),
            0,
            Duration.ofSeconds(5));
    assertThat(allDead).isEmpty();
    assertThat(eventIds("processed_event", EventsTestApplication.BatchListener.CONSUMER))
        .doesNotContain(foreignId);
    // and the group's offsets, committed once per interval, reach the end of the topic
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> committedLag(topic, EventsTestApplication.BatchListener.GROUP) == 0);
  }

  /** How far the group's committed offsets are behind the end of the topic's partitions. */
  private static long committedLag(String topic, String group) throws Exception {
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                TestInfrastructure.kafkaBootstrapServers()))) {
      Map<TopicPartition, OffsetAndMetadata> committed =
          admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
      Map<TopicPartition, OffsetSpec> ends =
          admin
              .describeTopics(List.of(topic))
              .allTopicNames()
              .get()
              .get(topic)
              .partitions()
              .stream()
              .collect(
                  Collectors.toMap(
                      p -> new TopicPartition(topic, p.partition()), p -> OffsetSpec.latest()));
      long lag = 0;
      for (var end : admin.listOffsets(ends).all().get().entrySet()) {
        OffsetAndMetadata at = committed.get(end.getKey());
        lag += end.getValue().offset() - (at == null ? 0 : at.offset());
      }
      return lag;
    }
  }

  private static ConsumerRecord<String, String> recordOf(BatchListenerFailedException e) {
    @SuppressWarnings("unchecked")
    ConsumerRecord<String, String> r = (ConsumerRecord<String, String>) e.getRecord();
    return r;
  }

  private reactor.core.publisher.Mono<Void> failOnce(
      EventEnvelope e, String failing, AtomicInteger failures) {
    return reactor.core.publisher.Mono.defer(
        () ->
            e.id().equals(failing) && failures.getAndDecrement() > 0
                ? reactor.core.publisher.Mono.error(new IllegalStateException("boom"))
                : listener.apply(consumerName, e.id()));
  }

  private int handle(List<ConsumerRecord<String, String>> records) {
    return consumer.handleBatch(consumerName, records, e -> prepare(e), Duration.ofSeconds(30));
  }

  private reactor.core.publisher.Mono<Void> prepare(EventEnvelope e) {
    if (e.type().endsWith(".poison.v1")) {
      throw new PoisonEventException("Event " + e.id() + " is poison by its type");
    }
    return e.type().endsWith(".ignored.v1") ? null : listener.apply(consumerName, e.id());
  }

  private Map<String, Long> applied() {
    return applied(consumerName, null);
  }

  private Map<String, Long> applied(String name, List<String> only) {
    return eventIds("batch_applied", name).stream()
        .filter(id -> only == null || only.contains(id))
        .collect(Collectors.groupingBy(id -> id, Collectors.counting()));
  }

  private List<String> processed() {
    return eventIds("processed_event", consumerName);
  }

  private List<String> eventIds(String table, String name) {
    return db.sql("select event_id from " + table + " where consumer = :c")
        .bind("c", name)
        .map(row -> row.get("event_id", String.class))
        .all()
        .collectList()
        .block();
  }

  private static String id() {
    return UUID.randomUUID().toString();
  }

  private static ConsumerRecord<String, String> record(String id) {
    return record(id, "equitoken.test.thing.created.v1");
  }

  private static long offset;

  private static ConsumerRecord<String, String> record(String id, String type) {
    ProducerRecord<String, String> p = cloudEvent("batch-direct.v1", id, type);
    ConsumerRecord<String, String> r = new ConsumerRecord<>(p.topic(), 0, offset++, "k", "{}");
    p.headers().forEach(h -> r.headers().add(h));
    return r;
  }

  private static ProducerRecord<String, String> cloudEvent(String topic, String id, String type) {
    return KafkaRecords.cloudEventRecord(topic, "k", id, "/test", type, "{}");
  }
}
