package io.equitoken.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class ClockAutoConfigurationTest {

  private static final Clock FIXED =
      Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ClockAutoConfiguration.class));

  @Configuration(proxyBeanMethods = false)
  static class OwnClock {
    @Bean
    Clock testClock() {
      return FIXED;
    }
  }

  @Test
  void shouldProvideTheSystemClockInUtcWhenTheServiceDeclaresNone() {
    runner.run(
        context -> {
          assertThat(context).hasSingleBean(Clock.class);
          Clock clock = context.getBean(Clock.class);
          assertThat(clock.getZone()).isEqualTo(ZoneOffset.UTC);
          assertThat(clock.instant()).isBetween(Instant.now().minusSeconds(60), Instant.now());
        });
  }

  @Test
  void shouldStepAsideForAClockTheServiceOrItsTestDeclares() {
    runner
        .withUserConfiguration(OwnClock.class)
        .run(
            context -> {
              assertThat(context).hasSingleBean(Clock.class);
              assertThat(context.getBean(Clock.class)).isSameAs(FIXED);
            });
  }
}
