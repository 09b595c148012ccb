package io.equitoken.trading.service.config;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Health contributor {@code matcher}, part of the liveness group: a matcher that stopped by itself
 * makes the pod restart (its partitions move to the other instances meanwhile), and the restarted
 * instance, with the same instance id, fences its predecessor's open transaction. Up with {@code
 * enabled: false} on an instance configured without a matcher.
 */
@Component("matcher")
class MatcherHealth implements HealthIndicator {

  private final ObjectProvider<MatcherRunner> runner;

  MatcherHealth(ObjectProvider<MatcherRunner> runner) {
    this.runner = runner;
  }

  @Override
  public Health health() {
    MatcherRunner r = runner.getIfAvailable();
    return r == null ? Health.up().withDetail("enabled", false).build() : r.health();
  }
}
