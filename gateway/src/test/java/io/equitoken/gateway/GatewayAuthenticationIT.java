package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.RSAKey;
import io.equitoken.gateway.support.FakeUpstreams;
import io.equitoken.gateway.support.GatewayItSupport;
import io.equitoken.platform.test.TestJwtIssuer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.MediaType;

/** Only valid tokens pass; keys are cached and refetched when an unknown key id shows up. */
class GatewayAuthenticationIT extends GatewayItSupport {

  static Stream<Arguments> invalidTokens() {
    return Stream.of(
        Arguments.of("tampered", TestJwtIssuer.tamperedToken("inv-1", "investor")),
        Arguments.of("expired", TestJwtIssuer.expiredToken("inv-1", "investor")),
        Arguments.of(
            "signed by another key", TestJwtIssuer.tokenSignedByOtherKey("inv-1", "investor")),
        Arguments.of(
            "wrong audience", TestJwtIssuer.tokenForAudience("other-api", "inv-1", "investor")),
        Arguments.of(
            "wrong issuer",
            TestJwtIssuer.tokenFromIssuer("https://evil.example", "inv-1", "investor")),
        Arguments.of("not a JWT", "not-a-jwt"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidTokens")
  void shouldAnswer401ProblemAndNotCallServiceWhenTokenIsInvalid(String kind, String token) {
    // given
    String requestId = newRequestId();

    // when
    client
        .get()
        .uri("/listings")
        .header("Authorization", "Bearer " + token)
        .header("X-Request-Id", requestId)
        .exchange()
        // then
        .expectStatus()
        .isUnauthorized()
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.status")
        .isEqualTo(401)
        .jsonPath("$.code")
        .isEqualTo("invalid-token");
    assertThat(FakeUpstreams.received(requestId)).isNull();
  }

  @Test
  void shouldAnswer401ProblemAndNotCallServiceWithoutToken() {
    String requestId = newRequestId();

    client
        .get()
        .uri("/investor/portfolio")
        .header("X-Request-Id", requestId)
        .exchange()
        .expectStatus()
        .isUnauthorized()
        .expectHeader()
        .valueEquals("WWW-Authenticate", "Bearer")
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("unauthenticated");
    assertThat(FakeUpstreams.received(requestId)).isNull();
  }

  @Test
  void shouldServeAnonymousEndpointsWithoutToken() {
    client
        .post()
        .uri("/auth/token")
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue("{\"apiKey\":\"k\",\"secret\":\"s\"}")
        .exchange()
        .expectStatus()
        .isOk();
    client.get().uri("/.well-known/jwks.json").exchange().expectStatus().isOk();
    client.get().uri("/openapi").exchange().expectStatus().isOk();
    client.get().uri("/actuator/health").exchange().expectStatus().isOk();
    client.get().uri("/actuator/health/readiness").exchange().expectStatus().isOk();
    client.get().uri("/actuator/health/liveness").exchange().expectStatus().isOk();
  }

  @Test
  void shouldAcceptTokenOfRotatedKeyOnceItIsPublishedAndKeepKeysCached() {
    // given a valid token is known to the gateway (its key is cached)
    get("/listings", "investor").expectStatus().isOk();
    int fetchesBefore = TestJwtIssuer.jwksFetches();
    for (int i = 0; i < 5; i++) {
      get("/listings", "investor").expectStatus().isOk();
    }
    assertThat(TestJwtIssuer.jwksFetches())
        .as("known key ids need no fetch")
        .isEqualTo(fetchesBefore);

    // when identity-service signs with a new key that is not published yet (after the JWKS
    // refetch limiter's window, so that both refetches below are allowed)
    sleep(JWKS_REFETCH_COOLDOWN);
    RSAKey rotated = TestJwtIssuer.newKey();
    String token = TestJwtIssuer.token(rotated, "inv-rotated", "investor");
    client
        .get()
        .uri("/listings")
        .header("Authorization", "Bearer " + token)
        .exchange()
        .expectStatus()
        .isUnauthorized();
    int fetchesAfterUnknownKid = TestJwtIssuer.jwksFetches();

    // and then publishes it
    TestJwtIssuer.publish(rotated);

    // then the gateway refetches the key set for the unknown kid and accepts the token
    client
        .get()
        .uri("/listings")
        .header("Authorization", "Bearer " + token)
        .exchange()
        .expectStatus()
        .isOk();
    assertThat(fetchesAfterUnknownKid).isGreaterThan(fetchesBefore);
    assertThat(TestJwtIssuer.jwksFetches()).isGreaterThan(fetchesAfterUnknownKid);

    // and keeps the old key working too
    get("/listings", "investor").expectStatus().isOk();
  }

  private static void sleep(java.time.Duration duration) {
    try {
      Thread.sleep(duration.toMillis() + 100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
