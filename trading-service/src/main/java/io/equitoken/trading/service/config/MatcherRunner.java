package io.equitoken.trading.service.config;

import io.equitoken.trading.matcher.kafka.Matcher;
import io.equitoken.trading.matcher.kafka.MatcherConfig;
import java.util.Map;
import org.springframework.boot.health.contributor.Health;
import org.springframework.context.SmartLifecycle;

/**
 * Runs the {@link Matcher} inside the service: it starts once the context (and its topics) is ready
 * and stops before the web server and the Kafka listeners, so an order accepted during shutdown is
 * matched by whichever instance takes the partition over. Its health is part of the liveness group:
 * a matcher that stopped by itself makes the pod restart, and the restarted instance (same instance
 * id) fences its predecessor's open transaction.
 */
final class MatcherRunner implements SmartLifecycle {

  private final MatcherConfig config;
  private volatile Matcher matcher;

  MatcherRunner(MatcherConfig config) {
    this.config = config;
  }

  /** The running matcher, for tests and diagnostics; null when stopped. */
  Matcher matcher() {
    return matcher;
  }

  @Override
  public synchronized void start() {
    if (matcher == null) {
      matcher = new Matcher(config).start();
    }
  }

  @Override
  public synchronized void stop() {
    Matcher m = matcher;
    matcher = null;
    if (m != null) {
      m.close();
    }
  }

  @Override
  public boolean isRunning() {
    return matcher != null;
  }

  /** After the outbox relay and the listeners have started; stopped before them. */
  @Override
  public int getPhase() {
    return Integer.MAX_VALUE - 1000;
  }

  /** The matcher's health: down once it stopped by itself (see {@link MatcherHealth}). */
  Health health() {
    Matcher m = matcher;
    if (m == null) {
      return Health.unknown().withDetail("matcher", "stopped").build();
    }
    Map<String, Object> details =
        Map.of(
            "instanceId", config.instanceId(),
            "partitions", m.assignedPartitions(),
            "processedCommands", m.processedCommands(),
            "committedTransactions", m.committedTransactions());
    if (m.isRunning()) {
      return Health.up().withDetails(details).build();
    }
    Throwable failure = m.failure();
    return Health.down()
        .withDetails(details)
        .withDetail("failure", failure == null ? "not running" : failure.toString())
        .build();
  }
}
