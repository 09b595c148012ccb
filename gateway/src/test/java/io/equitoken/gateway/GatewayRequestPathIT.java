package io.equitoken.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.gateway.support.GatewayItSupport;
import io.equitoken.platform.web.metrics.HttpServerMetricsWebFilter;
import io.equitoken.platform.web.tracing.RequestIdAccessor;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.actuate.endpoint.web.WebFluxEndpointHandlerMapping;
import org.springframework.cloud.circuitbreaker.resilience4j.ReactiveResilience4jBulkheadProvider;
import org.springframework.cloud.gateway.config.HttpClientProperties;
import org.springframework.cloud.gateway.filter.headers.ForwardedHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.XForwardedHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.observation.ObservedRequestHttpHeadersFilter;
import org.springframework.cloud.gateway.handler.FilteringWebHandler;
import org.springframework.cloud.gateway.handler.RoutePredicateHandlerMapping;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.context.ApplicationContext;
import org.springframework.test.util.ReflectionTestUtils;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;

/**
 * The request path carries no per-request work whose result nobody reads (docs/benchmarks.md): no
 * observations of the security filter chain or of the HTTP exchange, none of the gateway's proxied
 * calls, no bulkhead around the circuit breaker, no {@code Forwarded}/{@code X-Forwarded-*} headers
 * built only for the allow-list to drop them, no lookup among the gateway's own request mappings
 * before the routes, no per-request sorting of a route's filters, no global filter with nothing to
 * do. The breaker itself stays. Request meters come from the platform's one timer per route and
 * status.
 */
class GatewayRequestPathIT extends GatewayItSupport {

  @Autowired ObservationRegistry observations;

  @Autowired ApplicationContext context;

  @Autowired MeterRegistry meters;

  @Autowired HttpClientProperties upstream;

  @Test
  void shouldDropIdleUpstreamConnectionsBeforeTheServicesIdleTimeoutCloses() {
    // every service runs platform-web, whose default idle timeout the gateway's own server has too
    Duration servicesIdleTimeout =
        context.getEnvironment().getProperty("server.netty.idle-timeout", Duration.class);

    assertThat(servicesIdleTimeout).isNotNull();
    assertThat(upstream.getPool().getMaxIdleTime()).isNotNull().isLessThan(servicesIdleTimeout);
  }

  @Test
  void shouldTimeEveryRequestByRouteNotByPath() {
    get("/listings", "investor").expectStatus().isOk();
    // no webhook-service runs here: the route's fallback answers 503
    get("/webhooks/subscriptions", "partner").expectStatus().isEqualTo(503);

    assertThat(requests("route:listings-service", "200").count()).isPositive();
    assertThat(requests("route:webhook-service", "503").count()).isPositive();
    assertThat(
            meters
                .find(HttpServerMetricsWebFilter.METER)
                .tag("uri", "/webhooks/subscriptions")
                .timers())
        .isEmpty();
  }

  private Timer requests(String uri, String status) {
    return meters
        .get(HttpServerMetricsWebFilter.METER)
        .tag("method", "GET")
        .tag("uri", uri)
        .tag("status", status)
        .timer();
  }

  @Test
  void shouldNotObserveTheSecurityFilterChainOrTheExchange() {
    assertThat(Observation.start("spring.security.filterchains", observations).isNoop()).isTrue();
    assertThat(Observation.start("spring.security.authentications", observations).isNoop())
        .isTrue();
    assertThat(Observation.start("http.server.requests", observations).isNoop()).isTrue();
  }

  @Test
  void shouldProxyWithoutObservationOrBulkheadButWithTheCircuitBreaker() {
    assertThat(context.getBeanNamesForType(ObservedRequestHttpHeadersFilter.class)).isEmpty();
    assertThat(context.getBeanNamesForType(ReactiveResilience4jBulkheadProvider.class)).isEmpty();
    assertThat(
            context.getBeanNamesForType(
                org.springframework.cloud.client.circuitbreaker.ReactiveCircuitBreakerFactory
                    .class))
        .isNotEmpty();
  }

  @Test
  void shouldLookUpTheRoutesFirstAndCombineEachRoutesFiltersOnce() {
    get("/listings", "investor").expectStatus().isOk();

    int routes = context.getBean(RoutePredicateHandlerMapping.class).getOrder();
    assertThat(routes)
        .isLessThan(
            context
                .getBean("requestMappingHandlerMapping", RequestMappingHandlerMapping.class)
                .getOrder())
        .isLessThan(context.getBean(WebFluxEndpointHandlerMapping.class).getOrder());
    FilteringWebHandler proxy = context.getBean(FilteringWebHandler.class);
    assertThat(ReflectionTestUtils.getField(proxy, "routeFilterCacheEnabled")).isEqualTo(true);
    assertThat(
            ((java.util.Map<?, ?>) ReflectionTestUtils.getField(proxy, "routeFilterMap")).keySet())
        .extracting(route -> ((Route) route).getId())
        .contains("listings-service");
  }

  @Test
  void shouldRunNoGlobalFilterThatHasNothingToDoHere() {
    // no route caches its body, none forwards, none is a WebSocket; the request timer is the
    // platform's (above), not the gateway's own
    for (Class<?> idle :
        java.util.List.of(
            org.springframework.cloud.gateway.filter.GatewayMetricsFilter.class,
            org.springframework.cloud.gateway.filter.AdaptCachedBodyGlobalFilter.class,
            org.springframework.cloud.gateway.filter.RemoveCachedBodyFilter.class,
            org.springframework.cloud.gateway.filter.ForwardPathFilter.class,
            org.springframework.cloud.gateway.filter.ForwardRoutingFilter.class,
            org.springframework.cloud.gateway.filter.WebsocketRoutingFilter.class)) {
      assertThat(context.getBeanNamesForType(idle)).as(idle.getSimpleName()).isEmpty();
    }
    assertThat(
            context.getBeanNamesForType(
                org.springframework.cloud.gateway.filter.NettyRoutingFilter.class))
        .isNotEmpty();
  }

  @Test
  void shouldNotBuildForwardedHeadersThatTheAllowListDrops() {
    assertThat(context.getBeanNamesForType(XForwardedHeadersFilter.class)).isEmpty();
    assertThat(context.getBeanNamesForType(ForwardedHeadersFilter.class)).isEmpty();
  }

  @Test
  void shouldRestoreNoThreadLocalsAtEveryOperatorHop() {
    // what automatic context propagation would do: the request id put into the Reactor context
    // shows up in the log MDC on the thread that runs the next operator
    String seen =
        reactor.core.publisher.Mono.just("x")
            .publishOn(reactor.core.scheduler.Schedulers.boundedElastic())
            .map(x -> String.valueOf(org.slf4j.MDC.get(RequestIdAccessor.MDC_KEY)))
            .contextWrite(c -> c.put(RequestIdAccessor.KEY, "request-1"))
            .block(Duration.ofSeconds(5));

    assertThat(context.getEnvironment().getProperty("spring.reactor.context-propagation"))
        .isEqualTo("limited");
    assertThat(seen).isEqualTo("null");
  }
}
