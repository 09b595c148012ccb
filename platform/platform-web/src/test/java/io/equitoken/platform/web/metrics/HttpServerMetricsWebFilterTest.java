package io.equitoken.platform.web.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;

class HttpServerMetricsWebFilterTest {

  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  final HttpServerMetricsWebFilter filter =
      new HttpServerMetricsWebFilter(registry, new HandlerPatternUriTag());

  @Test
  void recordsTheTemplateAndTheStatusOnce() {
    serve("/listings/abc", "/listings/{id}", HttpStatus.CREATED);

    Timer timer = timer("/listings/{id}", "201");
    assertThat(timer.count()).isEqualTo(1);
    assertThat(registry.find(HttpServerMetricsWebFilter.METER).tag("outcome", "SUCCESS").timer())
        .isSameAs(timer);
    assertThat(registry.getMeters()).hasSize(1);
  }

  @Test
  void anErrorIsRecordedWithTheStatusTheExceptionHandlerWritesAfterTheChain() {
    MockServerWebExchange exchange = exchange("/listings/abc");
    Mono<Void> handled =
        filter
            .filter(exchange, ex -> Mono.error(new IllegalStateException("boom")))
            .onErrorResume(
                error -> {
                  exchange.getResponse().setStatusCode(HttpStatus.CONFLICT);
                  return exchange.getResponse().setComplete();
                });
    handled.block(Duration.ofSeconds(5));

    assertThat(timer("UNKNOWN", "409").count()).isEqualTo(1);
    assertThat(registry.getMeters()).hasSize(1);
  }

  @Test
  void aClientThatLeavesBeforeAnyAnswerIsRecordedAsUnknown() {
    MockServerWebExchange exchange = exchange("/listings/abc");
    filter.filter(exchange, ex -> Mono.never()).subscribe().dispose();

    assertThat(
            registry
                .get(HttpServerMetricsWebFilter.METER)
                .tag("status", "UNKNOWN")
                .tag("outcome", "UNKNOWN")
                .timer()
                .count())
        .isEqualTo(1);
  }

  @Test
  void aPathNothingServesIsCountedAsNotFoundNotByItsPath() {
    serve("/no/such/thing", null, HttpStatus.NOT_FOUND);

    assertThat(timer("NOT_FOUND", "404").count()).isEqualTo(1);
  }

  @Test
  void theNumberOfSeriesIsBounded() {
    for (int i = 0; i < HttpServerMetricsWebFilter.MAX_TIMERS + 50; i++) {
      serve("/t" + i, "/t" + i, HttpStatus.OK);
    }
    assertThat(registry.getMeters()).hasSize(HttpServerMetricsWebFilter.MAX_TIMERS + 1);
    assertThat(timer("OTHER", "200").count()).isEqualTo(50);
  }

  /**
   * One request to {@code path} through the filter, answered with {@code status} by a handler
   * mapped to {@code template} (none: no handler matched).
   */
  private void serve(String path, String template, HttpStatus status) {
    filter
        .filter(
            exchange(path),
            ex -> {
              if (template != null) {
                ex.getAttributes()
                    .put(
                        HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE,
                        PathPatternParser.defaultInstance.parse(template));
              }
              ex.getResponse().setStatusCode(status);
              return ex.getResponse().setComplete();
            })
        .block(Duration.ofSeconds(5));
  }

  private Timer timer(String uri, String status) {
    return registry
        .get(HttpServerMetricsWebFilter.METER)
        .tag("method", "GET")
        .tag("uri", uri)
        .tag("status", status)
        .timer();
  }

  private static MockServerWebExchange exchange(String path) {
    return MockServerWebExchange.from(MockServerHttpRequest.get(path));
  }
}
