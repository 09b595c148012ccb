package io.equitoken.platform.events;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;

/**
 * Tuning of the outbox relay ({@code equitoken.events.*}): {@code relay-interval} is its poll while
 * it hears of no commits ({@link OutboxCommitFeed} not listening), {@code relay-safety-interval}
 * its poll while it does, and {@code relay-gather} how long it waits after a commit woke it before
 * it claims, so that the commits of that time share one pass (20 ms; 0 claims at once).
 */
@ConfigurationProperties("equitoken.events")
public record OutboxProperties(
    String source,
    Boolean relayEnabled,
    Duration relayInterval,
    Integer relayBatchSize,
    Duration publishTimeout,
    Duration relaySafetyInterval,
    Duration relayGather) {

  public OutboxProperties(
      String source,
      Boolean relayEnabled,
      Duration relayInterval,
      Integer relayBatchSize,
      Duration publishTimeout,
      Duration relaySafetyInterval) {
    this(
        source,
        relayEnabled,
        relayInterval,
        relayBatchSize,
        publishTimeout,
        relaySafetyInterval,
        null);
  }

  public OutboxProperties(
      String source,
      Boolean relayEnabled,
      Duration relayInterval,
      Integer relayBatchSize,
      Duration publishTimeout) {
    this(source, relayEnabled, relayInterval, relayBatchSize, publishTimeout, null);
  }

  @ConstructorBinding
  public OutboxProperties {
    relayEnabled = relayEnabled == null ? Boolean.TRUE : relayEnabled;
    relayInterval = relayInterval == null ? Duration.ofMillis(200) : relayInterval;
    relaySafetyInterval =
        relaySafetyInterval == null ? Duration.ofSeconds(10) : relaySafetyInterval;
    relayBatchSize = relayBatchSize == null ? 200 : relayBatchSize;
    publishTimeout = publishTimeout == null ? Duration.ofSeconds(45) : publishTimeout;
    relayGather = relayGather == null ? Duration.ofMillis(20) : relayGather;
    if (relayGather.isNegative() || relayGather.compareTo(Duration.ofSeconds(1)) > 0) {
      throw new IllegalArgumentException(
          "equitoken.events.relay-gather must be between 0 and 1s, was " + relayGather);
    }
  }
}
