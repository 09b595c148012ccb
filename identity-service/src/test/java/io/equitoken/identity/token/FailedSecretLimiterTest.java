package io.equitoken.identity.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.identity.token.FailedSecretLimiter.Lockout;
import io.equitoken.identity.token.FailedSecretLimiter.Scope;
import io.equitoken.platform.test.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FailedSecretLimiterTest {

  private static final ClientAddress ATTACKER = new ClientAddress("203.0.113.7");
  private static final ClientAddress OWNER = new ClientAddress("198.51.100.4");

  private final MutableClock clock = MutableClock.fixedAt(Instant.parse("2026-01-01T00:00:00Z"));

  /** 2 per (key id, address), 5 per key id, a 10-minute window, 3 counts of each kind kept. */
  private final FailedSecretLimiter limiter =
      new FailedSecretLimiter(2, 5, Duration.ofMinutes(10), 3, clock);

  @Test
  void shouldBlockTheAddressForTheRestOfTheWindowOnceItsLimitIsReached() {
    limiter.failed("k", ATTACKER);
    assertThat(limiter.blockedFor("k", ATTACKER)).isEmpty();
    clock.advance(Duration.ofMinutes(4));
    limiter.failed("k", ATTACKER);

    assertThat(limiter.blockedFor("k", ATTACKER))
        .contains(new Lockout(Scope.ADDRESS, Duration.ofMinutes(6)));
    clock.advance(Duration.ofMinutes(6));
    assertThat(limiter.blockedFor("k", ATTACKER)).isEmpty();
  }

  @Test
  void shouldLeaveOtherAddressesAndOtherKeyIdsAlone() {
    limiter.failed("k", ATTACKER);
    limiter.failed("k", ATTACKER);

    assertThat(limiter.blockedFor("k", ATTACKER)).isPresent();
    assertThat(limiter.blockedFor("k", OWNER)).isEmpty();
    assertThat(limiter.blockedFor("other", ATTACKER)).isEmpty();
  }

  @Test
  void shouldBlockTheKeyIdFromEveryAddressOnceTheKeyWideCeilingIsReached() {
    // five addresses, one failure each: none reaches its own limit of two, together they reach 5
    for (int i = 1; i <= 4; i++) {
      limiter.failed("k", new ClientAddress("192.0.2." + i));
    }
    assertThat(limiter.blockedFor("k", OWNER)).isEmpty();
    clock.advance(Duration.ofMinutes(3));
    limiter.failed("k", new ClientAddress("192.0.2.5"));

    // the owner's address never failed, yet it waits for the key-wide window (from the first)
    assertThat(limiter.blockedFor("k", OWNER))
        .contains(new Lockout(Scope.KEY, Duration.ofMinutes(7)));
    assertThat(limiter.blockedFor("k", new ClientAddress("192.0.2.1")))
        .contains(new Lockout(Scope.KEY, Duration.ofMinutes(7)));
    assertThat(limiter.blockedFor("other", OWNER)).isEmpty();
    clock.advance(Duration.ofMinutes(7));
    assertThat(limiter.blockedFor("k", OWNER)).isEmpty();
  }

  @Test
  void shouldStartANewWindowAfterTheOldOneEnded() {
    limiter.failed("k", ATTACKER);
    clock.advance(Duration.ofMinutes(11));
    limiter.failed("k", ATTACKER);
    assertThat(limiter.blockedFor("k", ATTACKER)).isEmpty();
  }

  @Test
  void shouldClearOnlyTheSucceedingAddressesCountNotTheKeyWideOne() {
    limiter.failed("k", ATTACKER);
    limiter.failed("k", OWNER);
    limiter.succeeded("k", OWNER);
    limiter.failed("k", OWNER);
    assertThat(limiter.blockedFor("k", OWNER)).as("the owner's count restarted at 1").isEmpty();
    limiter.failed("k", ATTACKER);
    assertThat(limiter.blockedFor("k", ATTACKER)).as("the attacker's count was kept").isPresent();

    // all four failures so far, the owner's before its success too, count towards the ceiling
    limiter.failed("k", new ClientAddress("192.0.2.1"));
    assertThat(limiter.blockedFor("k", OWNER).map(Lockout::scope)).contains(Scope.KEY);
  }

  @Test
  void shouldForgetTheLeastRecentlyUsedCountsBeyondItsBound() {
    limiter.failed("a", ATTACKER);
    limiter.failed("a", ATTACKER);
    assertThat(limiter.blockedFor("a", ATTACKER)).isPresent();
    for (String other : new String[] {"b", "c", "d"}) {
      limiter.failed(other, ATTACKER);
    }
    assertThat(limiter.blockedFor("a", ATTACKER)).isEmpty();
  }

  @Test
  void shouldForgetTheLeastRecentlyUsedAddressesOfOneKeyIdButKeepItsCeiling() {
    FailedSecretLimiter ceilingOfThree =
        new FailedSecretLimiter(2, 3, Duration.ofMinutes(10), 2, clock);
    ceilingOfThree.failed("k", new ClientAddress("192.0.2.1"));
    ceilingOfThree.failed("k", new ClientAddress("192.0.2.2"));
    ceilingOfThree.failed("k", new ClientAddress("192.0.2.3")); // pushes out 192.0.2.1

    assertThat(ceilingOfThree.blockedFor("k", new ClientAddress("192.0.2.1")))
        .map(Lockout::scope)
        .contains(Scope.KEY);
  }

  @Test
  void shouldRefuseSettingsThatLimitNothing() {
    assertThatThrownBy(() -> new FailedSecretLimiter(0, 1, Duration.ofMinutes(1), 1, clock))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FailedSecretLimiter(1, 0, Duration.ofMinutes(1), 1, clock))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FailedSecretLimiter(1, 1, Duration.ZERO, 1, clock))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FailedSecretLimiter(1, 1, Duration.ofMinutes(1), 0, clock))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
