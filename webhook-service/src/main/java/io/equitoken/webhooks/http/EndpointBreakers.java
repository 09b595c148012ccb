package io.equitoken.webhooks.http;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * One circuit breaker per endpoint, created on its first delivery and reused: a bounded cache
 * (least recently used first out) keyed by subscription id. An entry is replaced when the
 * subscription's URL differs from the one it was made for (another instance may have changed it)
 * and dropped when the subscription is deleted or its URL changes here ({@link #forget}).
 */
final class EndpointBreakers {

  private final CircuitBreakerConfig config;
  private final Map<UUID, Entry> breakers;

  EndpointBreakers(CircuitBreakerConfig config, int maxEndpoints) {
    this.config = config;
    this.breakers =
        new LinkedHashMap<>(64, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<UUID, Entry> eldest) {
            return size() > maxEndpoints;
          }
        };
  }

  synchronized CircuitBreaker forEndpoint(UUID subscriptionId, String url) {
    Entry entry = breakers.get(subscriptionId);
    if (entry == null || !entry.url().equals(url)) {
      entry = new Entry(url, CircuitBreaker.of("webhook-" + subscriptionId, config));
      breakers.put(subscriptionId, entry);
    }
    return entry.breaker();
  }

  synchronized void forget(UUID subscriptionId) {
    breakers.remove(subscriptionId);
  }

  synchronized int size() {
    return breakers.size();
  }

  private record Entry(String url, CircuitBreaker breaker) {}
}
