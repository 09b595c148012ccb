package io.equitoken.identity.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.equitoken.identity.support.IdentityIntegrationTest;
import io.equitoken.platform.test.TestInfrastructure;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * identity-service as in production: it validates bearer tokens through its own JWKS. The bootstrap
 * operator gets a token, creates an investor key with it, and the investor's token then works — and
 * is limited — like any other caller's.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT,
    properties = {
      "equitoken.identity.key-encryption-key=" + IdentityIntegrationTest.KEK,
      "equitoken.identity.secret-pepper=" + IdentityIntegrationTest.PEPPER,
      "equitoken.bootstrap.api-key=" + IdentityIntegrationTest.OPERATOR_KEY,
      "equitoken.bootstrap.secret=" + IdentityIntegrationTest.OPERATOR_SECRET,
      "equitoken.security.issuer=https://equitoken.e2e",
      "equitoken.security.audience=equitoken-api"
    })
@AutoConfigureWebTestClient(timeout = "30s")
class EndToEndIT {

  private static final int PORT = freePort();

  @Autowired WebTestClient web;

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestInfrastructure.registerDatabase(registry, "identity");
    TestInfrastructure.registerKafka(registry);
    registry.add("server.port", () -> PORT);
    // the default (http://localhost:${server.port}/.well-known/jwks.json) is what is tested here
  }

  @Test
  void shouldLetTheBootstrapOperatorCreateAKeyWhoseTokensTheServiceItselfAccepts()
      throws Exception {
    // given: the bootstrap operator's token, verified with the service's own JWKS
    String operatorToken =
        token(IdentityIntegrationTest.OPERATOR_KEY, IdentityIntegrationTest.OPERATOR_SECRET);
    JWTClaimsSet operator = verifyWithPublishedJwks(operatorToken);
    assertThat(operator.getSubject()).isEqualTo("operator");
    assertThat(operator.getStringListClaim("roles")).containsExactly("operator");
    assertThat(operator.getStringClaim("azp")).isEqualTo(IdentityIntegrationTest.OPERATOR_KEY);

    // when: the operator creates an investor key
    Map<?, ?> investorKey =
        create(operatorToken, "inv-zed", "investor")
            .expectStatus()
            .isCreated()
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody();

    // then: the investor's token is accepted, and limited to the investor's own principal
    String investorToken =
        token((String) investorKey.get("apiKey"), (String) investorKey.get("secret"));
    assertThat(verifyWithPublishedJwks(investorToken).getSubject()).isEqualTo("inv-zed");
    create(investorToken, "inv-zed", "investor").expectStatus().isCreated();
    create(investorToken, "inv-other", "investor").expectStatus().isForbidden();
    create(investorToken, "inv-zed", "operator").expectStatus().isForbidden();

    // and once revoked, the key gets no new tokens
    web.delete()
        .uri("/developer/api-key/{id}", investorKey.get("apiKey"))
        .header("Authorization", "Bearer " + investorToken)
        .exchange()
        .expectStatus()
        .isNoContent();
    web.post()
        .uri("/auth/token")
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(Map.of("apiKey", investorKey.get("apiKey"), "secret", investorKey.get("secret")))
        .exchange()
        .expectStatus()
        .isUnauthorized();
  }

  /**
   * A token of a revoked key could mint permanent keys. Now the key's tokens stop creating keys at
   * once (identity checks its own database) and stop working altogether within the revocation set's
   * bound, and the owner can list their keys to find a leaked one.
   */
  @Test
  void shouldContainALeakedTokenOnceItsKeyIsRevoked() throws Exception {
    // given: an investor with a second key and a token T for it
    String operatorToken =
        token(IdentityIntegrationTest.OPERATOR_KEY, IdentityIntegrationTest.OPERATOR_SECRET);
    Map<?, ?> first = created(create(operatorToken, "inv-leak", "investor"));
    String ownerToken = token((String) first.get("apiKey"), (String) first.get("secret"));
    Map<?, ?> second = created(create(ownerToken, "inv-leak", "investor"));
    String leaked = token((String) second.get("apiKey"), (String) second.get("secret"));

    // the owner sees both keys, never a secret
    web.get()
        .uri("/developer/api-key")
        .header("Authorization", "Bearer " + ownerToken)
        .exchange()
        .expectStatus()
        .isOk()
        .expectBody()
        .jsonPath("$.length()")
        .isEqualTo(2)
        .jsonPath("$[1].apiKey")
        .isEqualTo(second.get("apiKey"))
        .jsonPath("$[1].revokedAt")
        .isEmpty()
        .jsonPath("$[0].secret")
        .doesNotExist();

    // when: the owner revokes the second key
    web.delete()
        .uri("/developer/api-key/{id}", second.get("apiKey"))
        .header("Authorization", "Bearer " + ownerToken)
        .exchange()
        .expectStatus()
        .isNoContent();

    // then: T creates no key, at once
    create(leaked, "inv-leak", "investor").expectStatus().isUnauthorized();
    // and T is refused everywhere within the revocation set's bound (docs/security.md)
    Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
    while (listStatus(leaked) != 401 && Instant.now().isBefore(deadline)) {
      Thread.sleep(50);
    }
    assertThat(listStatus(leaked)).isEqualTo(401);
    assertThat(listStatus(ownerToken)).isEqualTo(200);
    // and the owner's list shows the revocation
    web.get()
        .uri("/developer/api-key")
        .header("Authorization", "Bearer " + ownerToken)
        .exchange()
        .expectBody()
        .jsonPath("$[1].revokedAt")
        .isNotEmpty();
  }

  private int listStatus(String token) {
    return web.get()
        .uri("/developer/api-key")
        .header("Authorization", "Bearer " + token)
        .exchange()
        .returnResult(Void.class)
        .getStatus()
        .value();
  }

  private static Map<?, ?> created(WebTestClient.ResponseSpec response) {
    return response
        .expectStatus()
        .isCreated()
        .expectBody(Map.class)
        .returnResult()
        .getResponseBody();
  }

  @Test
  void shouldReportLivenessAndReadiness() {
    web.get().uri("/actuator/health/liveness").exchange().expectStatus().isOk();
    web.get().uri("/actuator/health/readiness").exchange().expectStatus().isOk();
  }

  private WebTestClient.ResponseSpec create(String token, String principal, String role) {
    return web.post()
        .uri("/developer/api-key")
        .header("Authorization", "Bearer " + token)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(Map.of("name", "e2e", "principalId", principal, "roles", List.of(role)))
        .exchange();
  }

  private String token(String apiKey, String secret) {
    return (String)
        web.post()
            .uri("/auth/token")
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue(Map.of("apiKey", apiKey, "secret", secret))
            .exchange()
            .expectStatus()
            .isOk()
            .expectBody(Map.class)
            .returnResult()
            .getResponseBody()
            .get("accessToken");
  }

  private static JWTClaimsSet verifyWithPublishedJwks(String token) throws Exception {
    JWKSource<SecurityContext> keys =
        JWKSourceBuilder.create(
                URI.create("http://localhost:" + PORT + "/.well-known/jwks.json").toURL())
            .build();
    DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    processor.setJWSKeySelector(new JWSVerificationKeySelector<>(JWSAlgorithm.ES256, keys));
    processor.setJWTClaimsSetVerifier(
        new DefaultJWTClaimsVerifier<>(
            "equitoken-api",
            new JWTClaimsSet.Builder().issuer("https://equitoken.e2e").build(),
            Set.of("sub", "roles", "iat", "exp", "jti", "azp")));
    return processor.process(token, null);
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
