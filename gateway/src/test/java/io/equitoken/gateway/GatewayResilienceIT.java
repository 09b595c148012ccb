package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.gateway.routing.CircuitBreakerStates;
import io.equitoken.gateway.support.FakeUpstreams;
import io.equitoken.gateway.support.GatewayItSupport;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;

/** A service that is down or slow yields a 503 problem from its route's circuit breaker. */
class GatewayResilienceIT extends GatewayItSupport {

  @Test
  void shouldAnswer503ProblemNamingTheServiceWhenItIsDown() {
    // given webhook-service is not running
    String requestId = newRequestId();

    // when
    EntityExchangeResult<byte[]> result =
        client
            .post()
            .uri("/webhooks/subscriptions")
            .header("Authorization", "Bearer " + tokenFor("partner"))
            .header("X-Request-Id", requestId)
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue("{\"url\":\"https://example.com/hook\"}")
            .exchange()
            // then
            .expectStatus()
            .isEqualTo(503)
            .expectHeader()
            .contentType(MediaType.APPLICATION_PROBLEM_JSON)
            .expectBody()
            .jsonPath("$.type")
            .isEqualTo("https://equitoken.io/problems/service-unavailable")
            .jsonPath("$.code")
            .isEqualTo("service-unavailable")
            .jsonPath("$.service")
            .isEqualTo("webhook-service")
            .jsonPath("$.instance")
            .isEqualTo("/webhooks/subscriptions")
            .jsonPath("$.requestId")
            .isEqualTo(requestId)
            .returnResult();
    assertThat(Long.parseLong(result.getResponseHeaders().getFirst("Retry-After"))).isPositive();
  }

  @Test
  void shouldOpenOnlyTheFailingRoutesCircuitAndThenAnswerAtOnce() {
    // given webhook-service keeps failing
    String token = tokenFor("partner");
    String lastReason = null;
    for (int i = 0; i < 12; i++) {
      lastReason =
          new String(
              client
                  .get()
                  .uri("/webhooks/subscriptions")
                  .header("Authorization", "Bearer " + token)
                  .exchange()
                  .expectStatus()
                  .isEqualTo(503)
                  .expectBody()
                  .returnResult()
                  .getResponseBodyContent());
    }

    // when
    EntityExchangeResult<byte[]> open =
        client
            .get()
            .uri("/webhooks/subscriptions")
            .header("Authorization", "Bearer " + token)
            .exchange()
            .expectStatus()
            .isEqualTo(503)
            .expectBody()
            .jsonPath("$.reason")
            .isEqualTo("circuit-open")
            .returnResult();

    // then clients are told to come back when the breaker half-opens
    assertThat(open.getResponseHeaders().getFirst("Retry-After")).isEqualTo("30");
    assertThat(lastReason).contains("circuit-open");
    // and other routes are not affected
    get("/listings", "investor").expectStatus().isOk();
    // and operators see each breaker's state on /actuator/prometheus
    assertThat(breakerState("webhook-service", "open")).isEqualTo(1.0);
    assertThat(breakerState("webhook-service", "closed")).isZero();
    assertThat(breakerState("listings-service", "closed")).isEqualTo(1.0);
    assertThat(breakerState("listings-service", "open")).isZero();
  }

  @Autowired MeterRegistry meters;

  private double breakerState(String route, String state) {
    return meters
        .get(CircuitBreakerStates.METER)
        .tag("name", route)
        .tag("state", state)
        .gauge()
        .value();
  }

  @Test
  void shouldAnswer503WithoutWaitingForAServiceThatIsTooSlow() {
    // given the trading fake answers /trade/status/slow only after 4 s; the breaker allows 2 s
    Instant start = Instant.now();

    // when
    get("/trade/status/slow", "investor")
        // then
        .expectStatus()
        .isEqualTo(503)
        .expectBody()
        .jsonPath("$.service")
        .isEqualTo("trading-service")
        .jsonPath("$.reason")
        .isEqualTo("timeout");
    assertThat(Duration.between(start, Instant.now()))
        .isLessThan(Duration.ofMillis(FakeUpstreams.SLOW_MILLIS));
  }

  @Test
  void shouldKeepTheRouteOpenForEveryoneWhileOneCallersCallsTimeOut() {
    // given one caller whose 12 parallel calls all outlast the route's 2 s timeout
    String slowCaller = tokenFor("investor");
    ExecutorService callers = Executors.newFixedThreadPool(12);
    List<Integer> statuses;
    try {
      List<CompletableFuture<Integer>> calls =
          IntStream.range(0, 12)
              .mapToObj(
                  i ->
                      CompletableFuture.supplyAsync(
                          () ->
                              client
                                  .get()
                                  .uri("/trade/status/slow")
                                  .header("Authorization", "Bearer " + slowCaller)
                                  .exchange()
                                  .returnResult(String.class)
                                  .getStatus()
                                  .value(),
                          callers))
              .toList();
      statuses = calls.stream().map(CompletableFuture::join).toList();
    } finally {
      callers.shutdownNow();
    }
    assertThat(statuses).hasSize(12).containsOnly(503);

    // when another caller uses the same route
    // then the service answers, and the route's breaker stayed closed
    get("/trade/status/" + UUID.randomUUID(), "investor")
        .expectStatus()
        .isOk()
        .expectHeader()
        .valueEquals("X-Served-By", "trading-service");
    assertThat(breakerState("trading-service", "closed")).isEqualTo(1.0);
  }

  @Test
  void shouldNotServeTheInternalFallbackPathToClients() {
    get("/_gateway/fallback/listings-service", "operator")
        .expectStatus()
        .isNotFound()
        .expectHeader()
        .contentType(MediaType.APPLICATION_PROBLEM_JSON);
  }
}
