package io.equitoken.webhooks.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EndpointBreakersTest {

  private final EndpointBreakers breakers =
      new EndpointBreakers(CircuitBreakerConfig.ofDefaults(), 2);

  @Test
  void shouldReuseOneBreakerPerEndpoint() {
    UUID id = UUID.randomUUID();
    CircuitBreaker first = breakers.forEndpoint(id, "https://a.example/hook");
    first.transitionToOpenState();

    assertThat(breakers.forEndpoint(id, "https://a.example/hook")).isSameAs(first);
    assertThat(breakers.forEndpoint(UUID.randomUUID(), "https://a.example/hook"))
        .isNotSameAs(first);
  }

  @Test
  void shouldStartAfreshWhenTheUrlChangesOrTheSubscriptionIsForgotten() {
    UUID id = UUID.randomUUID();
    CircuitBreaker first = breakers.forEndpoint(id, "https://a.example/hook");
    first.transitionToOpenState();

    CircuitBreaker moved = breakers.forEndpoint(id, "https://b.example/hook");
    assertThat(moved).isNotSameAs(first);
    assertThat(moved.getState()).isEqualTo(CircuitBreaker.State.CLOSED);

    breakers.forget(id);
    assertThat(breakers.size()).isZero();
    assertThat(breakers.forEndpoint(id, "https://b.example/hook")).isNotSameAs(moved);
  }

  @Test
  void shouldHoldAtMostTheBoundDroppingTheLeastRecentlyUsed() {
    UUID a = UUID.randomUUID();
    UUID b = UUID.randomUUID();
    CircuitBreaker breakerA = breakers.forEndpoint(a, "https://a.example/hook");
    breakers.forEndpoint(b, "https://b.example/hook");
    breakers.forEndpoint(a, "https://a.example/hook");
    breakers.forEndpoint(UUID.randomUUID(), "https://c.example/hook");

    assertThat(breakers.size()).isEqualTo(2);
    assertThat(breakers.forEndpoint(a, "https://a.example/hook")).isSameAs(breakerA);
  }
}
