package io.equitoken.platform.web;

import java.time.Clock;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The one {@link Clock} of every service: the system clock in UTC. A service's domain takes the
 * {@code Clock} as a constructor argument and never asks the system itself, so a test declares its
 * own {@code Clock} bean (platform-test's {@code MutableClock}) and this one steps aside.
 */
@AutoConfiguration
public class ClockAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(Clock.class)
  public Clock clock() {
    return Clock.systemUTC();
  }
}
