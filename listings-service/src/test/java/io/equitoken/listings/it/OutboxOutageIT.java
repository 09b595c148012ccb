package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.RestartableKafka;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Kafka goes away while listings change: the changes still commit, their events wait in the outbox,
 * and once a broker is back at the same address every event arrives exactly once. Uses a broker
 * (and a database) of its own ({@link RestartableKafka}: the broker really stops and a new one
 * starts behind a stable address), so it runs in a context of its own.
 *
 * <p>The context is deliberately not closed after the class (no {@code @DirtiesContext}): closing
 * it stalled requests of the shared context that the other ITs use, as both share Reactor Netty's
 * global resources in this JVM.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class OutboxOutageIT {

  private static final RestartableKafka KAFKA = TestInfrastructure.restartableKafka();
  private static final String BOOTSTRAP = KAFKA.bootstrapServers();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(KAFKA::close));
  }

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "listings_outage");
    registry.add("spring.kafka.bootstrap-servers", () -> BOOTSTRAP);
    TestJwtIssuer.register(registry);
    registry.add("equitoken.events.relay-interval", () -> "100ms");
  }

  @Autowired WebTestClient client;
  @Autowired DatabaseClient db;

  @Test
  void shouldDeliverEventsWrittenDuringAKafkaOutageExactlyOnceAfterItReturns() {
    // given a service that has published before (its producer knows the topic)
    Api api = new Api(client.mutate().responseTimeout(Duration.ofSeconds(30)).build());
    String before = api.active(Api.newFounder());
    assertThat(consume(before, 2)).hasSize(2);

    // when the broker goes down and a founder issues a token and publishes a listing
    KAFKA.stop();
    String id = api.active(Api.newFounder());

    // then the changes are committed and their events wait in the outbox
    assertThat(api.get("/listings/" + id, Api.operator()).get("status").asString())
        .isEqualTo("active");
    List<String> waiting =
        db.sql(
                "select event_id::text from outbox_event where event_key = $1"
                    + " and published_at is null order by seq")
            .bind(0, id)
            .map(r -> r.get(0, String.class))
            .all()
            .collectList()
            .block();
    assertThat(waiting).hasSize(2);

    // when a broker comes back at the same address
    KAFKA.start();

    // then each event arrives exactly once, in order, and the outbox is drained
    List<ConsumerRecord<String, String>> records = consume(id, 2);
    assertThat(records)
        .extracting(r -> KafkaRecords.header(r, "ce_id"))
        .containsExactlyElementsOf(waiting);
    assertThat(records)
        .extracting(r -> KafkaRecords.header(r, "ce_type"))
        .containsExactly(
            "equitoken.listings.token.issued.v1", "equitoken.listings.listing.published.v1");
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                assertThat(
                        db.sql("select count(*) from outbox_event where published_at is null")
                            .map(r -> r.get(0, Long.class))
                            .one()
                            .block())
                    .isZero());
  }

  private static List<ConsumerRecord<String, String>> consume(String key, int expected) {
    return KafkaRecords.consume(
        BOOTSTRAP,
        "listings.events.v1",
        r -> key.equals(r.key()),
        expected,
        Duration.ofSeconds(120));
  }
}
