package io.equitoken.trading.service.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code equitoken.trading.*}: topic partitions, how often the window clock ticks, how often a call
 * phase asks for an indicative price, and the longest window an operator may schedule.
 */
@ConfigurationProperties("equitoken.trading")
record TradingProperties(
    Integer partitions,
    Duration clockInterval,
    Duration indicateInterval,
    Duration maxWindowLength) {

  TradingProperties {
    partitions = partitions == null ? 12 : partitions;
    clockInterval = clockInterval == null ? Duration.ofSeconds(1) : clockInterval;
    indicateInterval = indicateInterval == null ? Duration.ofSeconds(3) : indicateInterval;
    maxWindowLength = maxWindowLength == null ? Duration.ofDays(31) : maxWindowLength;
  }
}
