package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.SentStatements;
import io.equitoken.platform.test.TestInfrastructure;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * A relay's batch by hand: what it sends to the database, and that it stands aside while another
 * instance holds the relay's lock.
 */
class OutboxRelayIT {

  private static DatabaseClient db;
  private static TransactionalOperator tx;
  private static OutboxWriter outbox;
  private static OutboxRelay relay;
  private static DefaultKafkaProducerFactory<String, String> producers;

  @BeforeAll
  static void setUp() throws Exception {
    OutboxDatabase database = OutboxDatabase.create("platform_events_relay");
    db = database.db();
    tx = database.tx();
    outbox = new OutboxWriter(db, JsonMapper.builder().build(), "/relay-test", Clock.systemUTC());
    producers = StringProducers.to(TestInfrastructure.kafkaBootstrapServers(), Map.of());
    relay =
        database.relay(
            producers,
            new OutboxProperties(
                "/relay-test", false, Duration.ofMillis(100), 50, Duration.ofSeconds(8)));
    // anything an earlier test left is out of the way
    while (relay.relayOnce().block() > 0) {}
  }

  @AfterAll
  static void tearDown() {
    producers.destroy();
  }

  @Test
  void shouldClaimAndPublishABatchInOneStatementOfItsTransaction() {
    // given three events of one transaction
    String topic = "relay-" + UUID.randomUUID() + ".v1";
    tx.transactional(
            outbox
                .append(topic, "k", "equitoken.test.one.v1", "k", Map.of("n", 1))
                .then(outbox.append(topic, "k", "equitoken.test.two.v1", "k", Map.of("n", 2)))
                .then(outbox.append(topic, "k", "equitoken.test.three.v1", "k", Map.of("n", 3))))
        .block();

    // when the relay publishes them
    List<String> statements;
    Integer published;
    try (SentStatements sent = SentStatements.capture()) {
      published = relay.relayOnce().block();
      // from its transaction's begin on (a connection of this test's unpooled client first asks
      // the server a few things of its own)
      statements = sent.all().stream().dropWhile(s -> !s.contains("BEGIN")).toList();
    }

    // then the batch cost its transaction's begin and commit and one statement between them
    assertThat(published).isEqualTo(3);
    assertThat(statements).hasSize(3);
    assertThat(statements.get(0)).containsIgnoringCase("BEGIN");
    assertThat(statements.get(1)).contains("update outbox_event");
    assertThat(statements.get(2)).containsIgnoringCase("COMMIT");
    assertThat(unpublished()).isZero();
    assertThat(consume(topic, 3))
        .extracting(ConsumerRecord::value)
        .containsExactly("{\"n\":1}", "{\"n\":2}", "{\"n\":3}");
    assertThat(relay.relayOnce().block()).isZero();
  }

  @Test
  void shouldPublishNothingWhileAnotherInstanceHoldsTheRelaysLock() {
    // given an event waiting
    String topic = "relay-" + UUID.randomUUID() + ".v1";
    tx.transactional(outbox.append(topic, "k", "equitoken.test.one.v1", "k", Map.of("n", 1)))
        .block();

    // when another instance is relaying (it holds the lock in its transaction)
    Integer meanwhile =
        tx.transactional(
                db.sql("select pg_advisory_xact_lock(:lock)")
                    .bind("lock", OutboxRelay.ADVISORY_LOCK)
                    .then()
                    // its own transaction, not this one's
                    .then(Mono.defer(() -> Mono.fromFuture(relay.relayOnce().toFuture()))))
            .block(Duration.ofSeconds(20));

    // then this one stands aside, and publishes the event once the lock is free
    assertThat(meanwhile).isZero();
    assertThat(unpublished()).isEqualTo(1);
    assertThat(relay.relayOnce().block()).isEqualTo(1);
    assertThat(consume(topic, 1)).extracting(ConsumerRecord::value).containsExactly("{\"n\":1}");
  }

  private static long unpublished() {
    return db.sql("select count(*) from outbox_event where published_at is null")
        .map(r -> r.get(0, Long.class))
        .one()
        .block(Duration.ofSeconds(5));
  }

  private static List<ConsumerRecord<String, String>> consume(String topic, int expected) {
    return KafkaRecords.consume(
        TestInfrastructure.kafkaBootstrapServers(), topic, expected, Duration.ofSeconds(60));
  }
}
