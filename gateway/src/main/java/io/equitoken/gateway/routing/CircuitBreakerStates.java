package io.equitoken.gateway.routing;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Locale;

/**
 * The state of every route's circuit breaker as gauges, read only when scraped: {@code
 * equitoken.gateway.circuit.breaker.state{name, state}} is 1 for the breaker's current state and 0
 * for the others ({@code closed}, {@code open}, {@code half_open}, …). Resilience4j's own meters
 * stay off (they time every call, docs/benchmarks.md); these cost nothing per request.
 */
public final class CircuitBreakerStates {

  /** The gauge's name ({@code equitoken_gateway_circuit_breaker_state} in Prometheus). */
  public static final String METER = "equitoken.gateway.circuit.breaker.state";

  private CircuitBreakerStates() {}

  /** Registers the gauges of every breaker the registry has now and of each one it adds later. */
  public static void bind(CircuitBreakerRegistry breakers, MeterRegistry meters) {
    breakers.getAllCircuitBreakers().forEach(breaker -> register(breaker, meters));
    breakers.getEventPublisher().onEntryAdded(event -> register(event.getAddedEntry(), meters));
  }

  private static void register(CircuitBreaker breaker, MeterRegistry meters) {
    for (CircuitBreaker.State state : CircuitBreaker.State.values()) {
      Gauge.builder(METER, breaker, b -> b.getState() == state ? 1 : 0)
          .description("1 for the route circuit breaker's current state, 0 for the others")
          .tag("name", breaker.getName())
          .tag("state", state.name().toLowerCase(Locale.ROOT))
          .register(meters);
    }
  }
}
