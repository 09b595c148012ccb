package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The window clock as the service runs it: every other IT switches its driver off and ticks by
 * hand, so this one starts the context with the driver on (a wiring mistake then fails here, not
 * only on a running platform) and lets it open a window by itself, with no hand tick.
 */
class WindowClockDriverIT extends TradingContext {

  @DynamicPropertySource
  static void driverOn(DynamicPropertyRegistry registry) {
    register(registry, "trading_clock_driver", false);
    registry.add("equitoken.trading.clock-enabled", () -> "true");
    registry.add("equitoken.trading.clock-initial-delay", () -> "100ms");
    // the safety tick: the test moves the clock past the opening without waking the driver
    registry.add("equitoken.trading.clock-interval", () -> "1s");
  }

  @Test
  void shouldOpenAScheduledWindowWithoutAHandTick() {
    // given a window scheduled to open in a minute
    String token = fixtures.tradableToken("founder-driver");
    Instant opens = clock.instant().plus(Duration.ofMinutes(1));
    String id =
        api.schedule(
            Api.window(List.of(token), "continuous", opens, opens.plus(Duration.ofHours(1))));
    assertThat(api.get("/liquidity/windows/" + id, Api.operator()).get("status").asString())
        .isEqualTo("scheduled");

    // when its opening time passes
    clock.advance(Duration.ofMinutes(1).plusSeconds(1));

    // then the driver opens it
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(
            () ->
                assertThat(
                        api.get("/liquidity/windows/" + id, Api.operator())
                            .get("status")
                            .asString())
                    .isEqualTo("open"));
  }
}
