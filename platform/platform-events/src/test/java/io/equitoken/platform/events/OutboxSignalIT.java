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
 * The relay publishes what a transaction committed without waiting for its poll: its interval here
 * is an hour, so an event written after its first run can only arrive because the writer raised the
 * {@link OutboxSignal} on commit.
 */
class OutboxSignalIT {

  private static final Duration NEVER = Duration.ofHours(1);

  private static TransactionalOperator tx;
  private static DefaultKafkaProducerFactory<String, String> producers;
  private static OutboxSignal signal;
  private static OutboxWriter outbox;
  private static OutboxRelay relay;

  @BeforeAll
  static void setUp() throws Exception {
    OutboxDatabase database = OutboxDatabase.create("platform_events_signal");
    tx = database.tx();
    signal = new OutboxSignal();
    outbox = database.writer("/signal-test", signal);
    producers = StringProducers.to(TestInfrastructure.kafkaBootstrapServers(), Map.of());
    relay =
        database.relay(
            producers,
            new OutboxProperties("/signal-test", true, NEVER, 50, Duration.ofSeconds(30)),
            signal);
  }

  @AfterAll
  static void tearDown() {
    relay.stop();
    producers.destroy();
  }

  @Test
  void shouldPublishACommittedEventWithoutWaitingForThePoll() throws InterruptedException {
    // given a relay that has run once (it published the event waiting at its start) and now
    // waits an hour for its next poll
    String topic = "outbox-signal-" + UUID.randomUUID() + ".v1";
    tx.transactional(outbox.append(topic, "k", "equitoken.test.first.v1", "k", Map.of("n", 1)))
        .block();
    signal.await(Duration.ZERO); // the writer raised it; the relay should not see that one
    relay.start();
    assertThat(consume(topic, 1)).extracting(ConsumerRecord::value).containsExactly("{\"n\":1}");

    // when a transaction commits another event, and a statement outside any transaction a third
    tx.transactional(outbox.append(topic, "k", "equitoken.test.second.v1", "k", Map.of("n", 2)))
        .block();
    outbox.append(topic, "k", "equitoken.test.third.v1", "k", Map.of("n", 3)).block();

    // then both arrive, in order, long before the next poll
    assertThat(consume(topic, 3))
        .extracting(ConsumerRecord::value)
        .containsExactly("{\"n\":1}", "{\"n\":2}", "{\"n\":3}");
  }

  private static List<ConsumerRecord<String, String>> consume(String topic, int expected) {
    return KafkaRecords.consume(
        TestInfrastructure.kafkaBootstrapServers(), topic, expected, Duration.ofSeconds(60));
  }
}
