package io.equitoken.listings.it;

import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.platform.web.revocation.RevokedApiKeys;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Base of every integration test against the shared, real PostgreSQL and Kafka: one Spring context
 * for all subclasses (same configuration, same dynamic properties), real JWTs validated through a
 * real JWKS endpoint.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
public abstract class ListingsIntegrationTest {

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "listings");
    TestInfrastructure.registerKafka(registry);
    TestJwtIssuer.register(registry);
    registry.add("equitoken.events.relay-interval", () -> "100ms");
  }

  @Autowired private WebTestClient client;
  @Autowired protected DatabaseClient db;
  @Autowired private ObjectProvider<RevokedApiKeys> revocations;
  protected WebTestClient web;
  protected Api api;

  @BeforeEach
  void client() {
    // generous: the build machine has 2 shared cores
    web = client.mutate().responseTimeout(Duration.ofSeconds(30)).build();
    api = new Api(web);
  }

  /**
   * The test framework pauses this context while another one's tests run (OutboxOutageIT's); once
   * resumed, the revocation set is stale and refuses every token, as it must, until its feed has
   * read identity.events.v1 up to date again.
   */
  @BeforeEach
  void revocationSetUpToDate() {
    RevokedApiKeys revoked = revocations.getIfAvailable();
    if (revoked != null) {
      Awaitility.await().atMost(Duration.ofSeconds(30)).until(revoked::isFresh);
    }
  }

  protected long count(String sql, Object... params) {
    var spec = db.sql(sql);
    for (int i = 0; i < params.length; i++) {
      spec = spec.bind(i, params[i]);
    }
    return spec.map(row -> row.get(0, Long.class)).one().block(Duration.ofSeconds(10));
  }

  protected long outboxSize() {
    return count("select count(*) from outbox_event");
  }
}
