package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.gateway.support.FakeUpstreams;
import io.equitoken.gateway.support.GatewayItSupport;
import io.equitoken.platform.test.TestJwtIssuer;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;

/** Per API key token buckets: headers on every answer, 429 problem when the bucket is empty. */
class GatewayRateLimitIT extends GatewayItSupport {

  @Test
  void shouldSendRateLimitHeadersOnSuccessfulResponses() {
    EntityExchangeResult<byte[]> result =
        get("/listings", "investor").expectStatus().isOk().expectBody().returnResult();

    HttpHeaders headers = result.getResponseHeaders();
    assertThat(headers.getFirst("RateLimit-Limit")).isEqualTo(Integer.toString(CAPACITY));
    assertThat(headers.getFirst("RateLimit-Remaining")).isEqualTo(Integer.toString(CAPACITY - 1));
    assertThat(Long.parseLong(headers.getFirst("RateLimit-Reset"))).isPositive();
  }

  @Test
  void shouldSendRateLimitHeadersOnTheGatewaysOwnRefusalsToo() {
    // a 403 of the access rules draws from the caller's own bucket, like any answer
    HttpHeaders denied =
        get("/compliance/reviews/x", "investor")
            .expectStatus()
            .isForbidden()
            .expectBody()
            .jsonPath("$.code")
            .isEqualTo("forbidden")
            .returnResult()
            .getResponseHeaders();
    assertThat(denied.getFirst("RateLimit-Limit")).isEqualTo(Integer.toString(CAPACITY));
    assertThat(Long.parseLong(denied.getFirst("RateLimit-Remaining"))).isLessThan(CAPACITY);
    assertThat(denied.getFirst("RateLimit-Reset")).isNotNull();

    // and a 401 (no token) draws from the client address's bucket
    HttpHeaders unauthenticated =
        client
            .get()
            .uri("/compliance/reviews/x")
            .exchange()
            .expectStatus()
            .isUnauthorized()
            .expectBody()
            .returnResult()
            .getResponseHeaders();
    assertThat(unauthenticated.getFirst("RateLimit-Limit")).isNotNull();
    assertThat(unauthenticated.getFirst("RateLimit-Remaining")).isNotNull();
  }

  @Test
  void shouldAnswer429ProblemWithRetryAfterOnceTheBucketIsEmpty() {
    // given one API key that has used up its burst
    String token =
        TestJwtIssuer.tokenWithClaims(
            java.util.Map.of("azp", "key-" + UUID.randomUUID()), "inv-rl", "investor");
    long remaining = CAPACITY;
    int calls = 0;
    while (remaining > 0 && calls < CAPACITY) {
      EntityExchangeResult<byte[]> ok =
          client
              .get()
              .uri("/listings")
              .header("Authorization", "Bearer " + token)
              .exchange()
              .expectStatus()
              .isOk()
              .expectBody()
              .returnResult();
      long next = Long.parseLong(ok.getResponseHeaders().getFirst("RateLimit-Remaining"));
      assertThat(next).isLessThan(remaining);
      remaining = next;
      calls++;
    }
    assertThat(remaining).isZero();

    // when it calls again
    double refusedBefore = refusals("api-key");
    String requestId = newRequestId();
    EntityExchangeResult<byte[]> refused =
        client
            .get()
            .uri("/listings")
            .header("Authorization", "Bearer " + token)
            .header("X-Request-Id", requestId)
            .exchange()
            // then
            .expectStatus()
            .isEqualTo(429)
            .expectHeader()
            .contentType(MediaType.APPLICATION_PROBLEM_JSON)
            .expectBody()
            .jsonPath("$.code")
            .isEqualTo("rate-limited")
            .jsonPath("$.status")
            .isEqualTo(429)
            .returnResult();
    HttpHeaders headers = refused.getResponseHeaders();
    assertThat(Long.parseLong(headers.getFirst("Retry-After"))).isBetween(1L, 30L);
    assertThat(headers.getFirst("RateLimit-Limit")).isEqualTo(Integer.toString(CAPACITY));
    assertThat(headers.getFirst("RateLimit-Remaining")).isEqualTo("0");
    assertThat(Long.parseLong(headers.getFirst("RateLimit-Reset"))).isPositive();
    assertThat(headers.getFirst("Strict-Transport-Security")).isNotNull();
    assertThat(FakeUpstreams.received(requestId))
        .as("refused calls never reach a service")
        .isNull();
    // and operators see it on /actuator/prometheus
    assertThat(refusals("api-key") - refusedBefore).isEqualTo(1.0);
  }

  private double refusals(String limit) {
    return meters
        .get("equitoken.gateway.rate.limit.refusals")
        .tag("limit", limit)
        .counter()
        .count();
  }

  @Autowired MeterRegistry meters;

  @Test
  void shouldShareOneBucketBetweenTokensOfTheSameApiKeyOnly() {
    // given two principals' tokens issued for the same API key, and one for another key
    String apiKey = "key-" + UUID.randomUUID();
    String first =
        TestJwtIssuer.tokenWithClaims(java.util.Map.of("azp", apiKey), "partner-a", "partner");
    String second =
        TestJwtIssuer.tokenWithClaims(java.util.Map.of("azp", apiKey), "partner-b", "partner");
    String otherKey =
        TestJwtIssuer.tokenWithClaims(
            java.util.Map.of("azp", "key-" + UUID.randomUUID()), "partner-a", "partner");

    // when the first uses up the key's bucket
    for (int i = 0; i < CAPACITY; i++) {
      client
          .get()
          .uri("/listings")
          .header("Authorization", "Bearer " + first)
          .exchange()
          .expectStatus()
          .isOk();
    }

    // then the second is refused as well, while another key is not affected
    client
        .get()
        .uri("/listings")
        .header("Authorization", "Bearer " + second)
        .exchange()
        .expectStatus()
        .isEqualTo(429);
    client
        .get()
        .uri("/listings")
        .header("Authorization", "Bearer " + otherKey)
        .exchange()
        .expectStatus()
        .isOk()
        .expectHeader()
        .valueEquals("RateLimit-Remaining", Integer.toString(CAPACITY - 1));
  }

  @Test
  void shouldGiveTheOperatorsBenchmarkKeysABucketOfTheirOwn() {
    // given a token of the configured benchmark key, and one of a normal key
    String benchmark =
        TestJwtIssuer.tokenWithClaims(
            java.util.Map.of("azp", BENCHMARK_KEY), "load-test", "operator");
    String normal =
        TestJwtIssuer.tokenWithClaims(
            java.util.Map.of("azp", "key-" + UUID.randomUUID()), "inv-b", "investor");

    // when both call more often than the normal burst allows
    for (int i = 0; i < CAPACITY + 5; i++) {
      EntityExchangeResult<byte[]> ok =
          client
              .get()
              .uri("/listings")
              .header("Authorization", "Bearer " + benchmark)
              .exchange()
              .expectStatus()
              .isOk()
              .expectBody()
              .returnResult();
      assertThat(ok.getResponseHeaders().getFirst("RateLimit-Limit"))
          .isEqualTo(Integer.toString(BENCHMARK_RATE));
    }
    for (int i = 0; i < CAPACITY; i++) {
      client
          .get()
          .uri("/listings")
          .header("Authorization", "Bearer " + normal)
          .exchange()
          .expectStatus()
          .isOk();
    }

    // then only the normal key is limited
    client
        .get()
        .uri("/listings")
        .header("Authorization", "Bearer " + normal)
        .exchange()
        .expectStatus()
        .isEqualTo(429);
  }
}
