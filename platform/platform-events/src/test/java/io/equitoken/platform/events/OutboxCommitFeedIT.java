package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestDatabase;
import io.equitoken.platform.test.TestInfrastructure;
import java.sql.DriverManager;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;

/**
 * A row committed by another replica (here: a plain JDBC connection, nothing in this JVM raises the
 * {@link OutboxSignal}) is relayed at once, although the relay's polls are an hour apart: the
 * commit's notification wakes it through {@link OutboxCommitFeed}.
 */
class OutboxCommitFeedIT {

  private static final Duration NEVER = Duration.ofHours(1);

  private static TestDatabase database;
  private static DefaultKafkaProducerFactory<String, String> producers;
  private static OutboxSignal signal;
  private static OutboxCommitFeed feed;
  private static OutboxRelay relay;

  @BeforeAll
  static void setUp() throws Exception {
    OutboxDatabase outbox = OutboxDatabase.create("platform_events_commit_feed");
    database = outbox.database();
    signal = new OutboxSignal();
    producers = StringProducers.to(TestInfrastructure.kafkaBootstrapServers(), Map.of());
    relay =
        outbox.relay(
            producers,
            new OutboxProperties("/feed-test", true, NEVER, 50, Duration.ofSeconds(30), NEVER),
            signal);
    feed = new OutboxCommitFeed(outbox.factory(), signal, Duration.ofMillis(100));
  }

  @AfterAll
  static void tearDown() {
    feed.stop();
    relay.stop();
    producers.destroy();
  }

  @Test
  void shouldRelayARowCommittedOnAnotherConnectionWithoutPolling() throws Exception {
    // given a relay whose polls are an hour apart, and the feed listening
    relay.start();
    feed.start();
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!signal.isListening() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(signal.isListening()).as("the feed listens").isTrue();
    Thread.sleep(300); // the relay has run its start-up pass and waits for its next poll

    // when another replica commits two rows, in two transactions
    String topic = "outbox-feed-" + UUID.randomUUID() + ".v1";
    commitRow(topic, "{\"n\":1}");
    commitRow(topic, "{\"n\":2}");

    // then both are published, in order, within seconds rather than an hour
    List<ConsumerRecord<String, String>> records =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(), topic, 2, Duration.ofSeconds(20));
    assertThat(records).extracting(ConsumerRecord::value).containsExactly("{\"n\":1}", "{\"n\":2}");
  }

  @Test
  void shouldReturnToTheShortPollWhenTheFeedStops() throws Exception {
    OutboxSignal own = new OutboxSignal();
    OutboxCommitFeed stopped =
        new OutboxCommitFeed(
            OutboxDatabase.create("platform_events_commit_feed_stop").factory(),
            own,
            Duration.ofMillis(100));
    stopped.start();
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!own.isListening() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(own.isListening()).isTrue();
    own.await(Duration.ZERO); // the raise of going live

    stopped.stop();

    assertThat(own.isListening()).isFalse();
    assertThat(own.await(Duration.ofSeconds(1))).as("the relay is woken to poll again").isTrue();
  }

  private static void commitRow(String topic, String payload) throws Exception {
    try (var c =
        DriverManager.getConnection(database.jdbcUrl(), database.username(), database.password())) {
      var insert =
          c.prepareStatement(
              "insert into outbox_event (event_id, topic, event_key, event_type, source,"
                  + " occurred_at, payload) values (?, ?, 'k', 'equitoken.test.remote.v1',"
                  + " '/other-replica', ?, ?)");
      insert.setObject(1, UUID.randomUUID());
      insert.setString(2, topic);
      insert.setTimestamp(3, Timestamp.from(Instant.now()));
      insert.setString(4, payload);
      insert.executeUpdate();
    }
  }
}
