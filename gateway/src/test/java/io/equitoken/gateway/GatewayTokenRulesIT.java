package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.gateway.support.FakeUpstreams;
import io.equitoken.gateway.support.GatewayItSupport;
import io.equitoken.platform.test.ApiKeyRevocations;
import io.equitoken.platform.test.TestJwtIssuer;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/**
 * The gateway refuses tokens of revoked API keys within the documented bound, and tokens that live
 * longer than the maximum or give {@code roles} as a string (item 10) — before any service is
 * called.
 */
class GatewayTokenRulesIT extends GatewayItSupport {

  @Test
  void shouldRefuseTokensOfARevokedKeyWithinTheBoundAndNotCallTheService() throws Exception {
    // given
    String apiKey = "etk_" + UUID.randomUUID();
    String token = TestJwtIssuer.tokenForApiKey(apiKey, "inv-gw-rev", "investor");
    assertThat(status(token, newRequestId())).isEqualTo(200);

    // when
    ApiKeyRevocations.publish(apiKey, "inv-gw-rev");

    // then
    Instant deadline = Instant.now().plus(ApiKeyRevocations.BOUND);
    while (status(token, newRequestId()) != 401 && Instant.now().isBefore(deadline)) {
      Thread.sleep(50);
    }
    String requestId = newRequestId();
    assertThat(status(token, requestId)).isEqualTo(401);
    assertThat(FakeUpstreams.received(requestId)).isNull();
    assertThat(
            status(
                TestJwtIssuer.tokenForApiKey("etk_" + UUID.randomUUID(), "inv-gw-rev", "investor"),
                newRequestId()))
        .isEqualTo(200);
  }

  @Test
  void shouldRefuseATokenThatLivesACentury() {
    String token =
        TestJwtIssuer.tokenWith(
            claims -> claims.expirationTime(Date.from(Instant.now().plus(Duration.ofDays(36500)))),
            "inv-1",
            "investor");

    assertThat(status(token, newRequestId())).isEqualTo(401);
  }

  @Test
  void shouldRefuseRolesGivenAsASpaceSeparatedString() {
    String token =
        TestJwtIssuer.tokenWith(claims -> claims.claim("roles", "investor operator"), "op-x");

    assertThat(status(token, newRequestId())).isEqualTo(401);
  }

  @Test
  void shouldRefuseATokenThatNamesNoApiKey() {
    String token =
        TestJwtIssuer.tokenWith(claims -> claims.claim("azp", null), "inv-1", "investor");

    assertThat(status(token, newRequestId())).isEqualTo(401);
  }

  /** HEAD on a GET route was refused with 403. */
  @Test
  void shouldLetHeadThroughWhereGetIsAllowed() {
    client
        .head()
        .uri("/listings")
        .header(
            "Authorization",
            "Bearer " + TestJwtIssuer.tokenForApiKey("k-head", "inv-h", "investor"))
        .exchange()
        .expectStatus()
        .isOk();
  }

  /** The firewall's 400s had an empty body. */
  @Test
  void shouldAnswerFirewallRefusalsAsProblemJson() {
    for (String path : List.of("/listings/a%2Fb", "/listings/a;b", "/listings/%2e%2e/x")) {
      client
          .get()
          .uri(URI.create("https://localhost:" + port + path))
          .exchange()
          .expectStatus()
          .isBadRequest()
          .expectHeader()
          .contentType(MediaType.APPLICATION_PROBLEM_JSON)
          .expectHeader()
          .exists("Strict-Transport-Security")
          .expectBody()
          .jsonPath("$.code")
          .isEqualTo("rejected-request");
    }
  }

  private int status(String token, String requestId) {
    return client
        .get()
        .uri("/listings")
        .header("Authorization", "Bearer " + token)
        .header("X-Request-Id", requestId)
        .exchange()
        .returnResult(Void.class)
        .getStatus()
        .value();
  }
}
