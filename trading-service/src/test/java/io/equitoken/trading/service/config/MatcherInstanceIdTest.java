package io.equitoken.trading.service.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.events.ConsumerGroupDefaults;
import org.junit.jupiter.api.Test;

/**
 * The matcher's instance id (its transactional id derives from it) comes from where every consumer
 * of the platform takes its static membership id, so a restarted matcher fences its predecessor.
 */
class MatcherInstanceIdTest {

  private static TradingProperties.Matcher matcher(String instanceId) {
    return new TradingProperties.Matcher(
        null, instanceId, null, null, null, null, null, null, null);
  }

  private static ConsumerGroupDefaults group(String instanceId) {
    return new ConsumerGroupDefaults(null, null, instanceId);
  }

  @Test
  void shouldTakeThePlatformInstanceIdWhenTheMatcherHasNoneOfItsOwn() {
    assertThat(matcher(null).instanceIdOr(group("trading-service"), "3f2a9c1b7d4e"))
        .isEqualTo("trading-service");
    assertThat(matcher(" ").instanceIdOr(group("trading-service-7d9f-x2"), null))
        .isEqualTo("trading-service-7d9f-x2");
  }

  @Test
  void shouldPreferTheMatchersOwnSetting() {
    assertThat(matcher("controls-it").instanceIdOr(group("trading-service"), "host"))
        .isEqualTo("controls-it");
  }

  @Test
  void shouldFallBackToTheHostNameThenALocalName() {
    assertThat(matcher(null).instanceIdOr(group(null), "pod-a")).isEqualTo("pod-a");
    assertThat(matcher(null).instanceIdOr(group(null), "")).isEqualTo("trading-local");
    assertThat(matcher(null).instanceIdOr(group(null), null)).isEqualTo("trading-local");
  }

  @Test
  void shouldLetTheTakeoverConsumersFetchWithinKafkasDefaultUnlessTold() {
    assertThat(matcher(null).takeoverFetchWaitMs()).isEqualTo(500);
    assertThat(
            new TradingProperties.Matcher(null, null, null, null, null, null, null, 5000, null)
                .takeoverFetchWaitMs())
        .isEqualTo(5000);
  }
}
