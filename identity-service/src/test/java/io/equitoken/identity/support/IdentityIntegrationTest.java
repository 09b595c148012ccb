package io.equitoken.identity.support;

import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The shared Spring context of identity-service's integration tests: a real PostgreSQL and Kafka,
 * and callers with tokens from {@link TestJwtIssuer}. Every IT class extends this unchanged, so the
 * context starts once per test JVM.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "equitoken.identity.key-encryption-key=" + IdentityIntegrationTest.KEK,
      "equitoken.identity.secret-pepper=" + IdentityIntegrationTest.PEPPER,
      "equitoken.bootstrap.api-key=" + IdentityIntegrationTest.OPERATOR_KEY,
      "equitoken.bootstrap.secret=" + IdentityIntegrationTest.OPERATOR_SECRET,
      "equitoken.events.relay-interval=100ms",
      "spring.kafka.consumer.auto-offset-reset=earliest"
    })
@AutoConfigureWebTestClient(timeout = "30s")
public abstract class IdentityIntegrationTest {

  public static final String KEK = "FJ9oL6Fv0kz0h8n8Zr5r2j8h2Gm3cY6nq7o6Y9l0k1M=";
  public static final String PEPPER = "c2VjcmV0LXBlcHBlci1mb3ItaW50ZWdyYXRpb24tdGVzdHM=";
  public static final String OPERATOR_KEY = "it-operator";
  public static final String OPERATOR_SECRET = "it-operator-secret-with-enough-entropy";

  @Autowired protected WebTestClient web;

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "identity");
    TestInfrastructure.registerKafka(registry);
    TestJwtIssuer.register(registry);
  }

  protected static String bearer(String token) {
    return "Bearer " + token;
  }

  protected static Map<String, Object> keyRequest(String name, String principal, String... roles) {
    return Map.of("name", name, "principalId", principal, "roles", List.of(roles));
  }

  /** POST /developer/api-key as the given token. */
  protected WebTestClient.ResponseSpec createKey(String token, Object body) {
    return web.post()
        .uri("/developer/api-key")
        .header("Authorization", bearer(token))
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange();
  }

  /** Creates a key as an operator and answers {apiKey, secret, ...}. */
  @SuppressWarnings("unchecked")
  protected Map<String, Object> newKey(String principal, String... roles) {
    return createKey(
            TestJwtIssuer.token("op-test", "operator"), keyRequest("test key", principal, roles))
        .expectStatus()
        .isCreated()
        .expectBody(Map.class)
        .returnResult()
        .getResponseBody();
  }

  protected WebTestClient.ResponseSpec requestToken(Object body) {
    return web.post()
        .uri("/auth/token")
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange();
  }
}
