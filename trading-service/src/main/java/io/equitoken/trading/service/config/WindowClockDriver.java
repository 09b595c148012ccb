package io.equitoken.trading.service.config;

import io.equitoken.trading.service.window.WindowClock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Ticks the window clock every {@code equitoken.trading.clock-interval}, also right after start
 * (catch-up). Every instance ticks; the clock's advisory lock lets one act at a time. Tests switch
 * it off ({@code equitoken.trading.clock-enabled=false}) and tick by hand.
 */
@Component
@ConditionalOnProperty(
    name = "equitoken.trading.clock-enabled",
    havingValue = "true",
    matchIfMissing = true)
class WindowClockDriver {

  private static final Logger log = LoggerFactory.getLogger(WindowClockDriver.class);

  private final WindowClock clock;

  WindowClockDriver(WindowClock clock) {
    this.clock = clock;
  }

  @Scheduled(
      initialDelayString = "${equitoken.trading.clock-initial-delay:1s}",
      fixedDelayString = "${equitoken.trading.clock-interval:1s}")
  void tick() {
    try {
      Integer acted = clock.tick().block(Duration.ofSeconds(30));
      if (acted != null && acted > 0) {
        log.debug("Window clock acted on {} windows", acted);
      }
    } catch (RuntimeException e) {
      log.warn("Window clock tick failed; retrying on the next tick", e);
    }
  }
}
