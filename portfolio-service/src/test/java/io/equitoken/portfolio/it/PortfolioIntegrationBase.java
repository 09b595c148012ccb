package io.equitoken.portfolio.it;

import io.equitoken.platform.test.MutableClock;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Base of every integration test against the shared, real PostgreSQL and Kafka: one Spring context
 * for all subclasses, real JWTs validated through a real JWKS endpoint, events fed into the real
 * broker shaped like the contract examples.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
@Import(PortfolioIntegrationBase.Clocks.class)
public abstract class PortfolioIntegrationBase {

  /** What the service believes "now" is, unless a test moves it. */
  protected static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");

  @TestConfiguration(proxyBeanMethods = false)
  static class Clocks {
    @Bean
    @Primary
    MutableClock testClock() {
      return MutableClock.fixedAt(NOW);
    }
  }

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "portfolio");
    TestInfrastructure.registerKafka(registry);
    TestJwtIssuer.register(registry);
  }

  @Autowired private WebTestClient client;
  @Autowired protected DatabaseClient db;
  @Autowired protected MutableClock clock;
  protected WebTestClient web;
  protected Api api;
  protected Market market;

  @BeforeEach
  void client() {
    // generous: the build machine has 2 shared cores
    web = client.mutate().responseTimeout(Duration.ofSeconds(30)).build();
    api = new Api(web);
    market = new Market();
    clock.reset();
  }

  protected long count(String sql, Object... params) {
    var spec = db.sql(sql);
    for (int i = 0; i < params.length; i++) {
      spec = spec.bind(i, params[i]);
    }
    return spec.map(row -> row.get(0, Long.class)).one().block(Duration.ofSeconds(10));
  }
}
