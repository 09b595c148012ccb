package io.equitoken.trading.service.config;

import io.equitoken.trading.matcher.kafka.Matcher;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.stereotype.Component;

/**
 * {@code GET /actuator/matcher} (operators only, see the role matrix): which command partitions
 * this instance's matcher serves and, per token, the engine state hash as committed — what the
 * crash test compares with a clean replay of the command topic, and what an operator compares
 * across a rebalance.
 */
@Component
@Endpoint(id = "matcher")
class MatcherEndpoint {

  private final ObjectProvider<MatcherRunner> runner;

  MatcherEndpoint(ObjectProvider<MatcherRunner> runner) {
    this.runner = runner;
  }

  record State(
      boolean running,
      Set<Integer> partitions,
      long processedCommands,
      Map<String, Long> stateHashes) {}

  @ReadOperation
  State state() {
    MatcherRunner r = runner.getIfAvailable();
    Matcher m = r == null ? null : r.matcher();
    if (m == null || !m.isRunning()) {
      return new State(false, Set.of(), 0, Map.of());
    }
    return new State(
        true, m.assignedPartitions(), m.processedCommands(), m.stateHashes(Duration.ofSeconds(10)));
  }
}
