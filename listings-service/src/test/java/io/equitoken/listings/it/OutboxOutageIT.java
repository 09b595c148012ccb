package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Kafka goes away while listings change: the changes still commit, their events wait in the outbox,
 * and once a broker is back at the same address every event arrives exactly once. Uses a broker
 * (and a database) of its own, so it runs in a context of its own.
 *
 * <p>The broker really stops and a new one starts. Both are reached through a {@link TcpProxy} on a
 * fixed port, which is also the broker's advertised address: {@code
 * TestInfrastructure.dedicatedKafka(port)} cannot restart a broker on the same port, because
 * spring-kafka's KRaft broker ignores {@code kafkaPorts} and Kafka's test kit pre-binds its
 * listener sockets on random ports.
 *
 * <p>The context is deliberately not closed after the class (no {@code @DirtiesContext}): closing
 * it stalled requests of the shared context that the other ITs use, as both share Reactor Netty's
 * global resources in this JVM.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class OutboxOutageIT {

  private static final int PORT = freePort();
  private static final String BOOTSTRAP = "localhost:" + PORT;
  private static volatile EmbeddedKafkaKraftBroker broker;
  private static final TcpProxy PROXY = new TcpProxy(PORT, OutboxOutageIT::brokerAddress);

  static {
    PROXY.start();
    startBroker();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  EmbeddedKafkaKraftBroker last = broker;
                  if (last != null) {
                    last.destroy();
                  }
                }));
  }

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "listings_outage");
    registry.add("spring.kafka.bootstrap-servers", () -> BOOTSTRAP);
    TestJwtIssuer.register(registry);
    registry.add("equitoken.events.relay-interval", () -> "100ms");
  }

  /** Starts a broker advertised at the proxy's address (the proxy forwards to it once it runs). */
  private static void startBroker() {
    EmbeddedKafkaKraftBroker kraft = new EmbeddedKafkaKraftBroker(1, 3);
    kraft.brokerProperty("advertised.listeners", "EXTERNAL://" + BOOTSTRAP);
    kraft.brokerProperty("auto.create.topics.enable", "true");
    kraft.brokerProperty("num.partitions", "3");
    kraft.brokerProperty("group.initial.rebalance.delay.ms", "0");
    kraft.brokerProperty("transaction.state.log.replication.factor", "1");
    kraft.brokerProperty("transaction.state.log.min.isr", "1");
    broker = kraft;
    kraft.afterPropertiesSet();
  }

  /** Where the current broker really listens; null while there is none. */
  private static InetSocketAddress brokerAddress() {
    EmbeddedKafkaKraftBroker current = broker;
    if (current == null || current.getCluster() == null) {
      return null;
    }
    String actual = current.getCluster().bootstrapServers().split(",")[0];
    int port = Integer.parseInt(actual.substring(actual.lastIndexOf(':') + 1));
    return new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
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
    PROXY.stop();
    EmbeddedKafkaKraftBroker stopped = broker;
    broker = null;
    stopped.destroy();
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
    PROXY.start();
    startBroker();

    // then each event arrives exactly once, in order, and the outbox is drained
    List<ConsumerRecord<String, String>> records = consume(id, 2);
    assertThat(records)
        .extracting(r -> KafkaProbe.header(r, "ce_id"))
        .containsExactlyElementsOf(waiting);
    assertThat(records)
        .extracting(r -> KafkaProbe.header(r, "ce_type"))
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
    return KafkaProbe.consume(
        BOOTSTRAP,
        "listings.events.v1",
        r -> key.equals(r.key()),
        expected,
        Duration.ofSeconds(120));
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
