package io.equitoken.gateway.config;

import io.equitoken.gateway.routing.RouteTable;
import io.equitoken.gateway.web.ServiceCallFilter;
import io.equitoken.gateway.web.ServiceFallback;
import io.equitoken.gateway.web.UploadTooLargeException;
import io.equitoken.platform.web.problem.ProblemWebExceptionHandler;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.util.concurrent.TimeoutException;
import org.springframework.cloud.circuitbreaker.resilience4j.ReactiveResilience4JCircuitBreakerFactory;
import org.springframework.cloud.circuitbreaker.resilience4j.Resilience4JConfigBuilder;
import org.springframework.cloud.client.circuitbreaker.Customizer;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Translates the {@link RouteTable} into gateway routes: each service's paths go to its URI through
 * its own circuit breaker, whose fallback is a 503 problem naming the service. The bearer token and
 * every other request header pass unchanged (the edge filter already removed client identity
 * headers and set the request id); the service's answer, 4xx and 5xx included, passes unchanged.
 */
@Configuration(proxyBeanMethods = false)
class RoutesConfiguration {

  @Bean
  RouteLocator equitokenRoutes(
      RouteLocatorBuilder builder,
      GatewaySettings settings,
      ReactiveResilience4JCircuitBreakerFactory breakers) {
    ServiceFallback fallback = new ServiceFallback(settings.circuitBreaker().openDuration());
    RouteLocatorBuilder.Builder routes = builder.routes();
    for (RouteTable.Route route : RouteTable.ROUTES) {
      String service = route.upstream().module();
      ServiceCallFilter call =
          new ServiceCallFilter(
              service,
              breakers.create(service),
              fallback,
              settings.circuitBreaker().timeout(),
              settings.bodyReadTimeout());
      routes.route(
          route.id(),
          spec ->
              spec.path(route.pathPatterns().toArray(String[]::new))
                  .filters(filters -> filters.filter(call))
                  .uri(settings.uriOf(route.upstream())));
    }
    return routes.build();
  }

  /**
   * Failures that say nothing about whether the service is healthy, so that no caller can open a
   * breaker every caller shares: the client's oversize upload, and a call that ran out of time (one
   * caller's slow request, e.g. a webhook test against a slow receiver, answers that caller 503
   * {@code timeout} but does not count). What counts is what a down or restarting service causes:
   * connection refused, connect timeout, connection closed before the answer.
   */
  static boolean notTheServicesHealth(Throwable failure) {
    if (UploadTooLargeException.in(failure).isPresent()
        || ProblemWebExceptionHandler.bodyTimeout(failure) != null) {
      return true;
    }
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof TimeoutException) {
        return true;
      }
    }
    return false;
  }

  /** Same thresholds for every route's breaker; each route still has a breaker of its own. */
  @Bean
  Customizer<ReactiveResilience4JCircuitBreakerFactory> circuitBreakerDefaults(
      GatewaySettings settings) {
    GatewaySettings.CircuitBreaker cb = settings.circuitBreaker();
    return factory ->
        factory.configureDefault(
            id ->
                new Resilience4JConfigBuilder(id)
                    .circuitBreakerConfig(
                        CircuitBreakerConfig.custom()
                            .failureRateThreshold(cb.failureRateThreshold())
                            .slidingWindowSize(cb.slidingWindowSize())
                            .minimumNumberOfCalls(cb.minimumCalls())
                            .waitDurationInOpenState(cb.openDuration())
                            .permittedNumberOfCallsInHalfOpenState(3)
                            .ignoreException(RoutesConfiguration::notTheServicesHealth)
                            .build())
                    .build());
  }
}
