package io.equitoken.listings.it;

import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
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

  @Autowired protected WebTestClient web;
  @Autowired protected DatabaseClient db;

  protected Api api() {
    return new Api(web);
  }
}
