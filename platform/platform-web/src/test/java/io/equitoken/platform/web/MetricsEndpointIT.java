package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestInfrastructure;
import io.equitoken.platform.test.TestJwtIssuer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * {@code /actuator/prometheus} from the shared defaults: JVM, process and R2DBC pool metrics and
 * the platform's {@code http.server.requests} timers (HttpServerMetricsWebFilter), scraped without
 * a token; every other actuator endpoint stays unexposed and business endpoints keep their rules.
 * Where {@code equitoken.management.prometheus-anonymous=false} (the gateway), the scrape needs an
 * operator's token.
 */
class MetricsEndpointIT {

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    TestJwtIssuer.register(registry);
    TestInfrastructure.registerDatabase(registry, "platformweb");
    // the API key revocation set (platform-web) reads identity.events.v1: tokens need it fresh
    TestInfrastructure.registerKafka(registry);
  }

  @Nested
  @SpringBootTest(
      classes = WebTestApplication.class,
      webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
  @AutoConfigureWebTestClient
  class ScrapedWithoutAToken {

    WebTestClient web;

    /** A loaded machine answers a context's first request slower than the client's default 5 s. */
    @Autowired
    void client(WebTestClient client) {
      web = client.mutate().responseTimeout(java.time.Duration.ofSeconds(30)).build();
    }

    @Test
    void exposesJvmProcessAndR2dbcPoolMetrics() {
      web.get().uri("/public").exchange().expectStatus().isOk();

      String body = scrape(web, null);
      assertThat(body)
          .contains("application=\"")
          .contains("jvm_memory_used_bytes{")
          .contains("jvm_threads_live_threads")
          .contains("process_cpu_usage")
          .contains("r2dbc_pool_acquired_connections{")
          .contains("r2dbc_pool_max_allocated_connections{");
    }

    @Test
    void timesEveryRequestByTemplateStatusAndOutcome() {
      web.get().uri("/public").exchange().expectStatus().isOk();
      // answered by the problem+json exception handler, after the filter chain
      web.get().uri("/refused").exchange().expectStatus().isEqualTo(409);
      // answered by the security chain, before any handler: no template
      web.get().uri("/things/abc-123").exchange().expectStatus().isUnauthorized();
      web.get()
          .uri("/things/abc-123")
          .header("Authorization", "Bearer " + TestJwtIssuer.token("inv-1", Roles.INVESTOR))
          .exchange()
          .expectStatus()
          .isOk();

      String body = scrape(web, null);
      assertThat(requestCount(body, "uri=\"/public\"", "status=\"200\"", "outcome=\"SUCCESS\""))
          .isPositive();
      assertThat(
              requestCount(body, "uri=\"/refused\"", "status=\"409\"", "outcome=\"CLIENT_ERROR\""))
          .isPositive();
      assertThat(requestCount(body, "uri=\"UNKNOWN\"", "status=\"401\"")).isPositive();
      // the template, never the raw path: one series per route, not one per id
      assertThat(requestCount(body, "uri=\"/things/{id}\"", "status=\"200\"")).isPositive();
      assertThat(body).doesNotContain("abc-123");
      // histogram buckets, so that p99 can be computed across replicas
      assertThat(body).contains("http_server_requests_seconds_bucket{");
    }

    @Test
    void otherActuatorEndpointsAndBusinessEndpointsStayProtected() {
      web.get().uri("/actuator/env").exchange().expectStatus().isUnauthorized();
      web.get().uri("/actuator/metrics").exchange().expectStatus().isUnauthorized();
      web.get().uri("/things/1").exchange().expectStatus().isUnauthorized();
      // not exposed at all, even for an operator
      web.get()
          .uri("/actuator/env")
          .header("Authorization", "Bearer " + TestJwtIssuer.token("op-1", Roles.OPERATOR))
          .exchange()
          .expectStatus()
          .isNotFound();
      // a write to the scrape path is not let through anonymously
      web.post().uri("/actuator/prometheus").exchange().expectStatus().isUnauthorized();
    }
  }

  @Nested
  @SpringBootTest(
      classes = WebTestApplication.class,
      webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
      properties = "equitoken.management.prometheus-anonymous=false")
  @AutoConfigureWebTestClient
  class ScrapedWithAnOperatorToken {

    WebTestClient web;

    /** A loaded machine answers a context's first request slower than the client's default 5 s. */
    @Autowired
    void client(WebTestClient client) {
      web = client.mutate().responseTimeout(java.time.Duration.ofSeconds(30)).build();
    }

    @Test
    void needsAnOperatorToken() {
      web.get().uri("/actuator/prometheus").exchange().expectStatus().isUnauthorized();
      web.get()
          .uri("/actuator/prometheus")
          .header("Authorization", "Bearer " + TestJwtIssuer.token("inv-1", Roles.INVESTOR))
          .exchange()
          .expectStatus()
          .isForbidden();
      assertThat(scrape(web, TestJwtIssuer.token("op-1", Roles.OPERATOR)))
          .contains("jvm_memory_used_bytes{");
    }
  }

  /**
   * The count of the one {@code http_server_requests_seconds_count} series with all these labels.
   */
  static double requestCount(String scrape, String... labels) {
    return scrape
        .lines()
        .filter(line -> line.startsWith("http_server_requests_seconds_count{"))
        .filter(line -> java.util.Arrays.stream(labels).allMatch(line::contains))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }

  static String scrape(WebTestClient web, String token) {
    var spec = web.get().uri("/actuator/prometheus");
    if (token != null) {
      spec = spec.header("Authorization", "Bearer " + token);
    }
    return spec.exchange()
        .expectStatus()
        .isOk()
        .expectBody(String.class)
        .returnResult()
        .getResponseBody();
  }
}
