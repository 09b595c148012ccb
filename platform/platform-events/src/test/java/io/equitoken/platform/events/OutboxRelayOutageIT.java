package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.RestartableKafka;
import io.equitoken.platform.test.TestInfrastructure;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import tools.jackson.databind.json.JsonMapper;

/**
 * The relay against a broker that really goes away: events written during the outage commit, wait
 * in the outbox without blocking the database, and arrive exactly once, in order, when a broker is
 * back at the same address.
 */
class OutboxRelayOutageIT {

  private static RestartableKafka kafka;
  private static DatabaseClient db;
  private static TransactionalOperator tx;
  private static OutboxWriter outbox;
  private static OutboxRelay relay;
  private static DefaultKafkaProducerFactory<String, String> producers;

  @BeforeAll
  static void setUp() throws Exception {
    OutboxDatabase database = OutboxDatabase.create("platform_events_outage");
    db = database.db();
    tx = database.tx();
    outbox = new OutboxWriter(db, JsonMapper.builder().build(), "/outage-test", Clock.systemUTC());
    kafka = TestInfrastructure.restartableKafka();
    producers =
        StringProducers.to(
            kafka.bootstrapServers(),
            Map.of(
                ProducerConfig.MAX_BLOCK_MS_CONFIG,
                4_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                3_000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                6_000));
    relay =
        database.relay(
            producers,
            new OutboxProperties(
                "/outage-test", false, Duration.ofMillis(100), 50, Duration.ofSeconds(8)));
  }

  @AfterAll
  static void tearDown() {
    producers.destroy();
    kafka.close();
  }

  @Test
  void shouldKeepEventsDuringAnOutageAndDeliverThemExactlyOnceAfterwards() throws Exception {
    // given a topic the producer has already published to
    String topic = "outage-" + UUID.randomUUID() + ".v1";
    tx.transactional(outbox.append(topic, "k", "equitoken.test.before.v1", "k", Map.of("n", 0)))
        .block();
    assertThat(relay.relayOnce().block()).isEqualTo(1);

    // when the broker goes away and two more events are written
    kafka.stop();
    tx.transactional(
            outbox
                .append(topic, "k", "equitoken.test.during.v1", "k", Map.of("n", 1))
                .then(outbox.append(topic, "k", "equitoken.test.during.v1", "k", Map.of("n", 2))))
        .block();

    // then a relay attempt fails, and while it waits for Kafka the database still answers
    CompletableFuture<Integer> attempt = relay.relayOnce().toFuture();
    Thread.sleep(500);
    long started = System.nanoTime();
    Long pending =
        db.sql("select count(*) from outbox_event where published_at is null")
            .map(r -> r.get(0, Long.class))
            .one()
            .block(Duration.ofSeconds(3));
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
    assertThat(attempt).failsWithin(Duration.ofSeconds(20));
    assertThat(pending).isEqualTo(2);

    // when a broker is back at the same address
    kafka.start();
    Integer published = null;
    for (int i = 0; i < 60 && (published == null || published == 0); i++) {
      try {
        published = relay.relayOnce().block();
      } catch (RuntimeException notYet) {
        Thread.sleep(500);
      }
    }

    // then both waiting events arrive, once each and in order
    assertThat(published).isEqualTo(2);
    assertThat(consume(topic, 2))
        .extracting(ConsumerRecord::value)
        .containsExactly("{\"n\":1}", "{\"n\":2}");
  }

  private static List<ConsumerRecord<String, String>> consume(String topic, int expected) {
    return KafkaRecords.consume(kafka.bootstrapServers(), topic, expected, Duration.ofSeconds(60));
  }
}
