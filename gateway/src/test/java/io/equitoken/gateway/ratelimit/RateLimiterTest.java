package io.equitoken.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

  private final AtomicLong clock = new AtomicLong(1_000_000_000_000L);
  private final RateLimit fivePerSecondBurstThree = new RateLimit(3, 5, Duration.ofSeconds(1));

  private RateLimiter limiter(int maxKeys) {
    return new RateLimiter(fivePerSecondBurstThree, maxKeys, clock::get);
  }

  @Test
  void shouldAllowTheBurstThenRefuseWithRetryAfter() {
    // given
    RateLimiter limiter = limiter(100);

    // when
    RateDecision first = limiter.tryAcquire("k");
    RateDecision second = limiter.tryAcquire("k");
    RateDecision third = limiter.tryAcquire("k");
    RateDecision fourth = limiter.tryAcquire("k");

    // then
    assertThat(first).isEqualTo(new RateDecision(true, 3, 2, 1, 0));
    assertThat(second.remaining()).isEqualTo(1);
    assertThat(third.allowed()).isTrue();
    assertThat(third.remaining()).isZero();
    assertThat(fourth.allowed()).isFalse();
    assertThat(fourth.remaining()).isZero();
    assertThat(fourth.retryAfterSeconds()).isEqualTo(1);
  }

  @Test
  void shouldRefillOneTokenPerIntervalAndNeverAboveCapacity() {
    // given an empty bucket
    RateLimiter limiter = limiter(100);
    for (int i = 0; i < 3; i++) {
      limiter.tryAcquire("k");
    }
    assertThat(limiter.tryAcquire("k").allowed()).isFalse();

    // when 200 ms pass (one token at 5 per second)
    clock.addAndGet(200_000_000L);

    // then exactly one more call is allowed
    assertThat(limiter.tryAcquire("k").allowed()).isTrue();
    assertThat(limiter.tryAcquire("k").allowed()).isFalse();

    // and after a long idle time the bucket holds no more than its capacity
    clock.addAndGet(Duration.ofHours(1).toNanos());
    assertThat(limiter.tryAcquire("k").remaining()).isEqualTo(2);
  }

  @Test
  void shouldKeepSeparateBucketsPerKey() {
    RateLimiter limiter = limiter(100);
    for (int i = 0; i < 3; i++) {
      limiter.tryAcquire("a");
    }

    assertThat(limiter.tryAcquire("a").allowed()).isFalse();
    assertThat(limiter.tryAcquire("b").allowed()).isTrue();
  }

  @Test
  void shouldForgetOnlyFullBucketsWhenTooManyKeysAreTracked() {
    // given two keys with one token per second, one of them busy
    RateLimiter limiter =
        new RateLimiter(new RateLimit(3, 1, Duration.ofSeconds(1)), 2, clock::get);
    limiter.tryAcquire("idle");
    for (int i = 0; i < 3; i++) {
      limiter.tryAcquire("busy");
    }
    clock.addAndGet(1_500_000_000L); // "idle" is full again, "busy" is not

    // when a third key arrives
    limiter.tryAcquire("new");

    // then the full bucket was dropped and the busy one kept its state
    assertThat(limiter.trackedKeys()).isEqualTo(2);
    assertThat(limiter.tryAcquire("busy").remaining()).isZero();
  }

  @Test
  void shouldReportSecondsUntilFullAsReset() {
    RateLimiter limiter = limiter(100);
    RateDecision decision = null;
    for (int i = 0; i < 3; i++) {
      decision = limiter.tryAcquire("k");
    }
    // three tokens at 200 ms each: full again in 600 ms, rounded up to a whole second
    assertThat(decision.resetSeconds()).isEqualTo(1);
  }
}
