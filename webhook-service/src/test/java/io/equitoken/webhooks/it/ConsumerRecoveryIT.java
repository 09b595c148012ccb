package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.PackagedService;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.test.WebhookReceiver;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.json.JsonMapper;

/**
 * How long deliveries pause when the packaged service is SIGKILLed and started again: the restarted
 * instance rejoins its consumer group under its instance id (static membership), so it gets its
 * partitions back without waiting out the dead member's session, and fans out what was published
 * while it was down. The clock runs from the kill, and from the restarted instance's readiness, to
 * the receiver getting the event published during the outage; the bound is generous (a loaded CI
 * machine), the figures are printed and kept in docs/benchmarks.md ("Recovery after a crash"). The
 * jar starts from a Class Data Sharing archive made by a training run at the first start ({@link
 * PackagedService#classDataSharing()}), as the images do.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConsumerRecoveryIT {

  private static final String PRICE = "equitoken.trading.price.updated.v1";
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Duration LIVE_BOUND = Duration.ofSeconds(60);
  private static final Duration AFTER_READY_BOUND = Duration.ofSeconds(30);

  private PackagedService service;
  private WebhookReceiver receiver;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  @BeforeAll
  void platform() {
    receiver = new WebhookReceiver();
    var database = TestInfrastructure.database("webhooks_recovery");
    // the broker first: the service's port is chosen when it is described
    String kafka = TestInfrastructure.kafkaBootstrapServers();
    Map<String, String> s = PackagedService.consumerGroupOfItsOwn("webhooks-recovery");
    s.put("equitoken.webhooks.allow-loopback-receivers", "true");
    s.put("equitoken.webhooks.secret-key", WebhooksIntegrationBase.SECRET_KEY);
    service =
        PackagedService.of("webhooks-recovery", Path.of("target", "webhook-service.jar"))
            .jvmOptions("-Xmx384m", "-XX:TieredStopAtLevel=1")
            .classDataSharing()
            .log(Path.of("target", "recovery-it", "webhook-service.log"))
            .settings(PackagedService.platformSettings(database, kafka))
            .settings(s);
  }

  @AfterAll
  void stop() throws Exception {
    if (service != null) {
      service.close();
    }
    if (receiver != null) {
      receiver.close();
    }
  }

  @Test
  void shouldDeliverWhatWasPublishedDuringAnOutageSoonAfterARestart() throws Exception {
    // given a running instance with a subscription to price updates that delivers
    service.start();
    subscribe("price.updated");
    awaitLive();

    // when it is killed, a price update is published while it is down, and it is started again
    Instant killed = Instant.now();
    service.kill();
    String tokenId = UUID.randomUUID().toString();
    Events.send(PRICE, tokenId, price(tokenId));
    service.start();
    Instant ready = Instant.now();

    // then the receiver gets it within the bound
    awaitReceived(tokenId, ready.plus(AFTER_READY_BOUND));
    Instant delivered = Instant.now();
    System.out.printf(
        "ConsumerRecoveryIT: webhook-service ready %d ms after the kill, the outage's event"
            + " delivered %d ms after the kill (%d ms after ready)%n",
        Duration.between(killed, ready).toMillis(),
        Duration.between(killed, delivered).toMillis(),
        Duration.between(ready, delivered).toMillis());
    assertThat(Duration.between(ready, delivered)).isLessThan(AFTER_READY_BOUND);
    assertThat(service.classDataArchive()).as("restarted from its CDS archive").isPresent();
  }

  private static String price(String tokenId) {
    return Events.example(PRICE, e -> e.put("tokenId", tokenId));
  }

  /**
   * Publishes price updates until one arrives: the group reads only what comes after its partitions
   * are assigned, which may be after the first.
   */
  private void awaitLive() throws Exception {
    Instant deadline = Instant.now().plus(LIVE_BOUND);
    while (true) {
      String tokenId = UUID.randomUUID().toString();
      Events.send(PRICE, tokenId, price(tokenId));
      Instant tryUntil = Instant.now().plusSeconds(3);
      while (Instant.now().isBefore(tryUntil)) {
        if (arrived(tokenId)) {
          return;
        }
        Thread.sleep(100);
      }
      assertThat(Instant.now()).as("webhook-service delivering").isBefore(deadline);
    }
  }

  private void awaitReceived(String tokenId, Instant deadline) throws InterruptedException {
    while (!arrived(tokenId)) {
      assertThat(Instant.now()).as("price of " + tokenId + " delivered").isBefore(deadline);
      Thread.sleep(50);
    }
  }

  /** Whether a delivery of the token's price update reached the receiver. */
  private boolean arrived(String tokenId) {
    return receiver.received().stream().anyMatch(r -> r.body().contains(tokenId));
  }

  private void subscribe(String... types) throws Exception {
    String owner = "partner-" + UUID.randomUUID();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(service.baseUrl() + "/webhooks/subscriptions"))
            .header("Authorization", "Bearer " + TestJwtIssuer.token(owner, "investor"))
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", UUID.randomUUID().toString())
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    JSON.writeValueAsString(Api.subscription(receiver.url(), types))))
            .timeout(Duration.ofSeconds(10))
            .build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
  }
}
