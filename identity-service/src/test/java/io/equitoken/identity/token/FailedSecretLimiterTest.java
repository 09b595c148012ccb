package io.equitoken.identity.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.test.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FailedSecretLimiterTest {

  private final MutableClock clock = MutableClock.fixedAt(Instant.parse("2026-01-01T00:00:00Z"));
  private final FailedSecretLimiter limiter =
      new FailedSecretLimiter(2, Duration.ofMinutes(10), 3, clock);

  @Test
  void shouldBlockForTheRestOfTheWindowOnceTheLimitIsReached() {
    limiter.failed("k");
    assertThat(limiter.blockedFor("k")).isEmpty();
    clock.advance(Duration.ofMinutes(4));
    limiter.failed("k");

    assertThat(limiter.blockedFor("k")).contains(Duration.ofMinutes(6));
    clock.advance(Duration.ofMinutes(6));
    assertThat(limiter.blockedFor("k")).isEmpty();
  }

  @Test
  void shouldStartANewWindowAfterTheOldOneEnded() {
    limiter.failed("k");
    clock.advance(Duration.ofMinutes(11));
    limiter.failed("k");
    assertThat(limiter.blockedFor("k")).isEmpty();
  }

  @Test
  void shouldForgetTheLeastRecentlyUsedKeyIdsBeyondItsBound() {
    limiter.failed("a");
    limiter.failed("a");
    for (String other : new String[] {"b", "c", "d"}) {
      limiter.failed(other);
    }
    assertThat(limiter.blockedFor("a")).isEmpty();
  }

  @Test
  void shouldRefuseSettingsThatLimitNothing() {
    assertThatThrownBy(() -> new FailedSecretLimiter(0, Duration.ofMinutes(1), 1, clock))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FailedSecretLimiter(1, Duration.ZERO, 1, clock))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
