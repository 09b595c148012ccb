package io.equitoken.trading.service.it;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the integration tests that play the matcher's part by hand (they send its events
 * themselves): one Spring context for all of them, database {@code trading}, no matcher.
 */
public abstract class TradingIntegrationTest extends TradingContext {

  @DynamicPropertySource
  static void infrastructure(DynamicPropertyRegistry registry) {
    register(registry, "trading", false);
  }
}
