package io.equitoken.trading.service.it;

import io.equitoken.platform.test.MutableClock;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.web.revocation.RevokedApiKeys;
import io.equitoken.trading.service.window.WindowClock;
import java.time.Duration;
import java.time.Instant;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * What every integration test of the service shares: the Spring context against the real PostgreSQL
 * and Kafka, real JWTs through a real JWKS endpoint, a clock the tests move by hand and the window
 * clock ticked by hand ({@link #tick()}). Subclasses choose database and matcher with {@link
 * #register}: {@link TradingIntegrationTest} (matcher played by hand) or {@link
 * MatcherIntegrationTest} (the embedded matcher, a context per class).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
@Import(TradingContext.Clocks.class)
public abstract class TradingContext {

  @TestConfiguration
  static class Clocks {
    @Bean
    @Primary
    MutableClock testClock() {
      return MutableClock.fixedAt(Instant.now());
    }
  }

  /**
   * The shared real PostgreSQL (one database per name) and Kafka, real JWTs, a fast outbox relay
   * and the window clock ticked by hand; the embedded matcher only where a test asks for it.
   */
  static void register(DynamicPropertyRegistry registry, String database, boolean matcher) {
    TestInfrastructure.registerDatabase(registry, database);
    TestInfrastructure.registerKafka(registry);
    TestJwtIssuer.register(registry);
    registry.add("equitoken.events.relay-interval", () -> "100ms");
    registry.add("equitoken.trading.clock-enabled", () -> "false");
    registry.add("equitoken.trading.matcher.enabled", () -> String.valueOf(matcher));
  }

  @Autowired private WebTestClient client;
  @Autowired protected DatabaseClient db;
  @Autowired protected MutableClock clock;
  @Autowired protected WindowClock windowClock;
  @Autowired protected KafkaTemplate<String, String> kafka;
  @Autowired private ObjectProvider<RevokedApiKeys> revocations;
  protected WebTestClient web;
  protected Api api;
  protected Fixtures fixtures;

  @BeforeEach
  void client() {
    // generous: the build machine has 2 shared cores
    web = client.mutate().responseTimeout(Duration.ofSeconds(30)).build();
    api = new Api(web);
    fixtures = new Fixtures(kafka, db, clock, api, this::tick);
  }

  /**
   * The test framework pauses the shared context while another one's tests run (each {@link
   * MatcherIntegrationTest}'s, WindowClockDriverIT's); once resumed, the revocation set is stale
   * and refuses every token, as it must, until its feed has read identity.events.v1 up to date
   * again.
   */
  @BeforeEach
  void revocationSetUpToDate() {
    RevokedApiKeys revoked = revocations.getIfAvailable();
    if (revoked != null) {
      Awaitility.await().atMost(Duration.ofSeconds(30)).until(revoked::isFresh);
    }
  }

  protected int tick() {
    return windowClock.tick().block(Duration.ofSeconds(30));
  }

  protected long count(String sql, Object... params) {
    var spec = db.sql(sql);
    for (int i = 0; i < params.length; i++) {
      spec = spec.bind(i, params[i]);
    }
    return spec.map(row -> row.get(0, Long.class)).one().block(Duration.ofSeconds(10));
  }
}
