package io.equitoken.identity.support;

import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.equitoken.identity.apikey.ApiKey;
import io.equitoken.identity.apikey.ApiKeyRepository;
import io.equitoken.identity.apikey.SecretHash;
import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Mono;

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
      "equitoken.identity.max-active-keys-per-principal=" + IdentityIntegrationTest.KEY_CAP,
      "spring.kafka.consumer.auto-offset-reset=earliest"
    })
@AutoConfigureWebTestClient(timeout = "30s")
public abstract class IdentityIntegrationTest {

  public static final int KEY_CAP = 25;
  public static final String KEK = "FJ9oL6Fv0kz0h8n8Zr5r2j8h2Gm3cY6nq7o6Y9l0k1M=";
  public static final String PEPPER = "c2VjcmV0LXBlcHBlci1mb3ItaW50ZWdyYXRpb24tdGVzdHM=";
  public static final String OPERATOR_KEY = "it-operator";
  public static final String OPERATOR_SECRET = "it-operator-secret-with-enough-entropy";

  @Autowired protected WebTestClient web;
  @Autowired private ApiKeyRepository apiKeys;

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

  /**
   * Makes the API key a {@link TestJwtIssuer} token names ({@code azp}) exist and be active here,
   * as it would for a token identity-service issued itself: creating keys needs an active own key.
   */
  protected String withActiveKey(String token) {
    try {
      JWTClaimsSet claims = SignedJWT.parse(token).getJWTClaimsSet();
      String id = claims.getStringClaim("azp");
      if (id == null || claims.getSubject() == null || claims.getStringListClaim("roles") == null) {
        return token;
      }
      ApiKey key =
          new ApiKey(
              id,
              "test caller",
              claims.getSubject(),
              Set.copyOf(claims.getStringListClaim("roles")),
              new SecretHash(new byte[32]),
              Instant.parse("2025-01-01T00:00:00Z"),
              "system",
              null);
      apiKeys.findById(id).switchIfEmpty(apiKeys.insert(key).then(Mono.empty())).block();
      return token;
    } catch (java.text.ParseException e) {
      return token; // not a JWT at all: the service refuses it anyway
    }
  }

  /** POST /developer/api-key as the given token (whose own key is made active first). */
  protected WebTestClient.ResponseSpec createKey(String token, Object body) {
    withActiveKey(token);
    return web.post()
        .uri("/developer/api-key")
        .header("Authorization", bearer(token))
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange();
  }

  /** POST /developer/api-key with an {@code Idempotency-Key}, as {@link #createKey}. */
  protected WebTestClient.ResponseSpec createWithIdempotencyKey(
      String token, String idempotencyKey, Object body) {
    withActiveKey(token);
    return web.post()
        .uri("/developer/api-key")
        .header("Authorization", bearer(token))
        .header("Idempotency-Key", idempotencyKey)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange();
  }

  /** Creates a key as an operator and answers {apiKey, secret, ...}. */
  @SuppressWarnings("unchecked")
  protected Map<String, Object> newKey(String principal, String... roles) {
    // separation of duties: only an officer hands out the officer role (to themselves)
    String creator =
        java.util.List.of(roles).contains("compliance_officer")
            ? TestJwtIssuer.token(principal, roles)
            : TestJwtIssuer.token("op-test", "operator");
    return createKey(creator, keyRequest("test key", principal, roles))
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
