package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Request tracing without per-request observations: a handler answering from another thread runs in
 * the caller's trace (W3C {@code traceparent}) under a span of its own, and the log MDC carries the
 * trace id and the {@code X-Request-Id}.
 */
@SpringBootTest(
    classes = WebTestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class RequestTracingIT {

  private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
  private static final String PARENT_SPAN_ID = "00f067aa0ba902b7";

  @DynamicPropertySource
  static void jwt(DynamicPropertyRegistry registry) {
    TestJwtIssuer.register(registry);
    TestInfrastructure.registerDatabase(registry, "platformweb");
    TestInfrastructure.registerKafka(registry);
  }

  private WebTestClient web;

  @Autowired
  void client(WebTestClient client) {
    // the first request of a fresh context on a loaded machine can take more than the default 5 s
    web = client.mutate().responseTimeout(java.time.Duration.ofSeconds(30)).build();
  }

  @Autowired ObservationRegistry observations;

  @Test
  void theHandlerContinuesTheCallersTraceAndLogsItWithTheRequestId() {
    Map<String, String> seen =
        web.get()
            .uri("/trace")
            .header("traceparent", "00-" + TRACE_ID + "-" + PARENT_SPAN_ID + "-01")
            .header("X-Request-Id", "req-trace-0001")
            .exchange()
            .expectStatus()
            .isOk()
            .expectBody(new ParameterizedTypeReference<Map<String, String>>() {})
            .returnResult()
            .getResponseBody();

    assertThat(seen).containsEntry("traceId", TRACE_ID).containsEntry("mdcTraceId", TRACE_ID);
    assertThat(seen.get("spanId")).matches("[0-9a-f]{16}").isNotEqualTo(PARENT_SPAN_ID);
    assertThat(seen).containsEntry("mdcRequestId", "req-trace-0001");
    // and still no per-request observation
    assertThat(Observation.start("http.server.requests", observations).isNoop()).isTrue();
  }

  @Test
  void aRequestWithoutTraceparentStartsATrace() {
    Map<String, String> seen =
        web.get()
            .uri("/trace")
            .exchange()
            .expectStatus()
            .isOk()
            .expectBody(new ParameterizedTypeReference<Map<String, String>>() {})
            .returnResult()
            .getResponseBody();

    assertThat(seen.get("traceId")).matches("[0-9a-f]{32}").isNotEqualTo(TRACE_ID);
    assertThat(seen.get("mdcTraceId")).isEqualTo(seen.get("traceId"));
    assertThat(seen).containsEntry("mdcRequestId", "null");
  }
}
