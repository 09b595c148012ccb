package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.transaction.reactive.TransactionalOperator;

/**
 * The relay's gather: the commits that follow the one that woke it, within {@code relay-gather},
 * are published by the same pass, and the signals they raised cost no empty pass after it.
 */
class OutboxRelayGatherIT {

  private static final Duration NEVER = Duration.ofHours(1);
  private static final Duration GATHER = Duration.ofSeconds(1);

  private static TransactionalOperator tx;
  private static DefaultKafkaProducerFactory<String, String> producers;
  private static OutboxSignal signal;
  private static OutboxWriter outbox;
  private static OutboxRelay relay;

  @BeforeAll
  static void setUp() throws Exception {
    OutboxDatabase database = OutboxDatabase.create("platform_events_gather");
    tx = database.tx();
    signal = new OutboxSignal();
    outbox = database.writer("/gather-test", signal);
    producers = StringProducers.to(TestInfrastructure.kafkaBootstrapServers(), Map.of());
    relay =
        database.relay(
            producers,
            new OutboxProperties(
                "/gather-test", true, NEVER, 50, Duration.ofSeconds(30), NEVER, GATHER),
            signal);
  }

  @AfterAll
  static void tearDown() {
    relay.stop();
    producers.destroy();
  }

  @Test
  void shouldPublishTheCommitsOfAGatherInOnePass() throws InterruptedException {
    // given a running relay that has published what waited at its start and polls once an hour
    String topic = "outbox-gather-" + UUID.randomUUID() + ".v1";
    relay.start();
    awaitQuiet();
    long before = relay.passes();

    // when five transactions commit one event each, 20 ms apart (all within the gather)
    for (int n = 1; n <= 5; n++) {
      tx.transactional(outbox.append(topic, "k", "equitoken.test.n.v1", "k", Map.of("n", n)))
          .block();
      Thread.sleep(20);
    }

    // then they all arrive, in order
    assertThat(consume(topic, 5))
        .extracting(ConsumerRecord::value)
        .containsExactly("{\"n\":1}", "{\"n\":2}", "{\"n\":3}", "{\"n\":4}", "{\"n\":5}");
    // and one pass published them, with no empty pass for the signals raised during the gather
    awaitQuiet();
    assertThat(relay.passes() - before).isEqualTo(1);
  }

  /** Waits until the relay has run no pass for one and a half gathers. */
  private static void awaitQuiet() throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    long seen = -1;
    while (System.nanoTime() < deadline) {
      long now = relay.passes();
      if (now == seen) {
        return;
      }
      seen = now;
      Thread.sleep(GATHER.toMillis() * 3 / 2);
    }
    throw new AssertionError("the relay did not come to rest within 30 s");
  }

  private static List<ConsumerRecord<String, String>> consume(String topic, int expected) {
    return KafkaRecords.consume(
        TestInfrastructure.kafkaBootstrapServers(), topic, expected, Duration.ofSeconds(60));
  }
}
