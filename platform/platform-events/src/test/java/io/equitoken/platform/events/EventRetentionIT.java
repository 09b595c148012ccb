package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** ADR 0002: sent outbox rows and processed-event ids go after their retention, in batches. */
@SpringBootTest(
    classes = EventsTestApplication.class,
    properties = {
      "equitoken.events.relay-enabled=false",
      "equitoken.events.retention.enabled=false",
      "equitoken.events.retention.batch-size=2",
      "equitoken.events.retention.outbox=P7D",
      "equitoken.events.retention.processed=P14D"
    })
class EventRetentionIT {

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "platform_events_retention");
    TestInfrastructure.registerKafka(registry);
  }

  @Autowired EventRetention retention;
  @Autowired DatabaseClient db;

  @Test
  void purgesOnlyPublishedOutboxRowsAndProcessedIdsOlderThanTheirWindows() {
    String topic = "retention-" + UUID.randomUUID();
    Instant now = Instant.now();
    for (int i = 0; i < 5; i++) {
      outbox(topic, "old-published-" + i, now.minus(Duration.ofDays(8)));
    }
    outbox(topic, "recent-published", now.minus(Duration.ofDays(6)));
    outbox(topic, "old-unpublished", null);
    String consumer = "consumer-" + UUID.randomUUID();
    for (int i = 0; i < 3; i++) {
      processed(consumer, "old-" + i, now.minus(Duration.ofDays(15)));
    }
    processed(consumer, "recent", now.minus(Duration.ofDays(13)));

    EventRetention.Purged purged = retention.purge().block(Duration.ofSeconds(30));

    // batches of 2: 2 + 2 + 1 outbox rows, 2 + 1 processed ids
    assertThat(purged.outboxEvents()).isGreaterThanOrEqualTo(5);
    assertThat(purged.processedEvents()).isGreaterThanOrEqualTo(3);
    assertThat(outboxKeys(topic)).containsExactlyInAnyOrder("recent-published", "old-unpublished");
    assertThat(processedIds(consumer)).containsExactly("recent");
  }

  private void outbox(String topic, String key, Instant publishedAt) {
    var spec =
        db.sql(
                "insert into outbox_event (event_id, topic, event_key, event_type, source,"
                    + " occurred_at, payload, published_at) values (:id, :topic, :key,"
                    + " 'equitoken.test.thing.created.v1', '/test', :at, '{}', :published)")
            .bind("id", UUID.randomUUID())
            .bind("topic", topic)
            .bind("key", key)
            .bind("at", Instant.now().minus(Duration.ofDays(30)));
    spec =
        publishedAt == null
            ? spec.bindNull("published", Instant.class)
            : spec.bind("published", publishedAt);
    spec.then().block(Duration.ofSeconds(10));
  }

  private void processed(String consumer, String eventId, Instant at) {
    db.sql("insert into processed_event (consumer, event_id, processed_at) values (:c, :e, :at)")
        .bind("c", consumer)
        .bind("e", eventId)
        .bind("at", at)
        .then()
        .block(Duration.ofSeconds(10));
  }

  private List<String> outboxKeys(String topic) {
    return db.sql("select event_key from outbox_event where topic = :t")
        .bind("t", topic)
        .map(row -> row.get("event_key", String.class))
        .all()
        .collectList()
        .block(Duration.ofSeconds(10));
  }

  private List<String> processedIds(String consumer) {
    return db.sql("select event_id from processed_event where consumer = :c")
        .bind("c", consumer)
        .map(row -> row.get("event_id", String.class))
        .all()
        .collectList()
        .block(Duration.ofSeconds(10));
  }
}
