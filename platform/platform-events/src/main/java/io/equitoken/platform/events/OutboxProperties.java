package io.equitoken.platform.events;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** Tuning of the outbox relay ({@code equitoken.events.*}). */
@ConfigurationProperties("equitoken.events")
public record OutboxProperties(
    String source,
    Boolean relayEnabled,
    Duration relayInterval,
    Integer relayBatchSize,
    Duration publishTimeout) {

  public OutboxProperties {
    relayEnabled = relayEnabled == null ? Boolean.TRUE : relayEnabled;
    relayInterval = relayInterval == null ? Duration.ofMillis(200) : relayInterval;
    relayBatchSize = relayBatchSize == null ? 200 : relayBatchSize;
    publishTimeout = publishTimeout == null ? Duration.ofSeconds(45) : publishTimeout;
  }
}
