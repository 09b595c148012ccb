package io.equitoken.portfolio.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.PackagedService;
import io.equitoken.platform.test.TestDatabase;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * How long the read model pauses when the packaged service is SIGKILLed and started again: the
 * restarted instance rejoins its consumer group under its instance id (static membership), so it
 * gets its partitions back without waiting out the dead member's session, and applies what was
 * published while it was down. The clock runs from the kill, and from the restarted instance's
 * readiness, to the investor's portfolio showing an execution published during the outage; the
 * bound is generous (a loaded CI machine), the figures are printed and kept in docs/benchmarks.md
 * ("Recovery after a crash"). The jar starts from a Class Data Sharing archive made by a training
 * run at the first start ({@link PackagedService#classDataSharing()}), as the images do.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConsumerRecoveryIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Duration LIVE_BOUND = Duration.ofSeconds(60);
  private static final Duration AFTER_READY_BOUND = Duration.ofSeconds(30);

  private TestDatabase database;
  private PackagedService service;
  private final Market market = new Market();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  @BeforeAll
  void platform() {
    database = TestInfrastructure.database("portfolio_recovery");
    // the broker first: the service's port is chosen when it is described
    String kafka = TestInfrastructure.kafkaBootstrapServers();
    Map<String, String> s = PackagedService.consumerGroupOfItsOwn("portfolio-recovery");
    service =
        PackagedService.of("portfolio-recovery", Path.of("target", "portfolio-service.jar"))
            .jvmOptions("-Xmx384m", "-XX:TieredStopAtLevel=1")
            .classDataSharing()
            .log(Path.of("target", "recovery-it", "portfolio-service.log"))
            .settings(PackagedService.platformSettings(database, kafka))
            .settings(s);
  }

  @AfterAll
  void stop() throws Exception {
    if (service != null) {
      service.close();
    }
  }

  @Test
  void shouldApplyWhatWasPublishedDuringAnOutageSoonAfterARestart() throws Exception {
    // given a running instance that applies executions
    service.start();
    String tokenId = awaitLiveOnANewToken();

    // when it is killed, an execution is published while it is down, and it is started again
    String investor = "inv-" + UUID.randomUUID();
    Instant killed = Instant.now();
    service.kill();
    market.trade(tokenId, investor, founderOf(tokenId), 10, "2.50", true, Instant.now());
    service.start();
    Instant ready = Instant.now();

    // then the investor's portfolio shows it within the bound
    awaitHolding(investor, tokenId, BigDecimal.TEN, ready.plus(AFTER_READY_BOUND));
    Instant applied = Instant.now();
    System.out.printf(
        "ConsumerRecoveryIT: portfolio-service ready %d ms after the kill, the outage's execution"
            + " applied %d ms after the kill (%d ms after ready)%n",
        Duration.between(killed, ready).toMillis(),
        Duration.between(killed, applied).toMillis(),
        Duration.between(ready, applied).toMillis());
    assertThat(Duration.between(ready, applied)).isLessThan(AFTER_READY_BOUND);
    assertThat(service.classDataArchive()).as("restarted from its CDS archive").isPresent();
  }

  private final Map<String, String> founders = new LinkedHashMap<>();

  private String founderOf(String tokenId) {
    return founders.get(tokenId);
  }

  /**
   * Issues new tokens until one shows in its founder's portfolio: the group reads only what comes
   * after its partitions are assigned, which may be after the first issue.
   */
  private String awaitLiveOnANewToken() throws Exception {
    Instant deadline = Instant.now().plus(LIVE_BOUND);
    while (true) {
      String tokenId = UUID.randomUUID().toString();
      String founder = "founder-" + UUID.randomUUID();
      founders.put(tokenId, founder);
      market.issue(tokenId, "Recovery", founder, 1_000, "2.50", Instant.now());
      Instant tryUntil = Instant.now().plusSeconds(3);
      while (Instant.now().isBefore(tryUntil)) {
        if (holding(founder, "founder", tokenId) != null) {
          return tokenId;
        }
        Thread.sleep(100);
      }
      assertThat(Instant.now()).as("portfolio-service applying events").isBefore(deadline);
    }
  }

  private void awaitHolding(String owner, String tokenId, BigDecimal quantity, Instant deadline)
      throws Exception {
    while (true) {
      BigDecimal held = holding(owner, "investor", tokenId);
      if (held != null && held.compareTo(quantity) == 0) {
        return;
      }
      assertThat(Instant.now()).as(owner + " holding " + quantity).isBefore(deadline);
      Thread.sleep(50);
    }
  }

  /** The owner's quantity of the token in its portfolio, or null if it holds none. */
  private BigDecimal holding(String owner, String role, String tokenId) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(service.baseUrl() + "/investor/portfolio"))
            .header("Authorization", "Bearer " + TestJwtIssuer.token(owner, role))
            .timeout(Duration.ofSeconds(5))
            .build();
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (java.io.IOException notListening) {
      return null;
    }
    if (response.statusCode() != 200) {
      return null;
    }
    for (JsonNode h : JSON.readTree(response.body()).get("holdings")) {
      if (tokenId.equals(h.get("tokenId").asString())) {
        return h.get("quantity").decimalValue();
      }
    }
    return null;
  }
}
