package io.equitoken.gateway.config;

import io.equitoken.gateway.routing.CircuitBreakerStates;
import io.equitoken.gateway.web.RouteUriTag;
import io.equitoken.platform.web.metrics.RequestUriTag;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.cloud.circuitbreaker.resilience4j.ReactiveResilience4JCircuitBreakerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The gateway's own meters (docs/observability.md): request meters name the route, not a handler
 * pattern; each route's circuit-breaker state is a gauge; rate-limit refusals are counted by the
 * {@code RateLimitWebFilter}.
 */
@Configuration(proxyBeanMethods = false)
class MetricsConfiguration {

  @Bean
  RequestUriTag routeUriTag() {
    return new RouteUriTag();
  }

  @Bean
  SmartInitializingSingleton circuitBreakerStateGauges(
      ObjectProvider<ReactiveResilience4JCircuitBreakerFactory> factory,
      ObjectProvider<MeterRegistry> meters) {
    return () ->
        factory.ifAvailable(
            f ->
                meters.ifAvailable(
                    registry ->
                        CircuitBreakerStates.bind(f.getCircuitBreakerRegistry(), registry)));
  }
}
