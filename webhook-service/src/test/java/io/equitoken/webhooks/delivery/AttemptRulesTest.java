package io.equitoken.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class AttemptRulesTest {

  private static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  private final RetrySchedule noJitter = new RetrySchedule(() -> 0.5);
  private final AttemptRules rules = new AttemptRules(noJitter);

  private static Delivery pending(int step) {
    Delivery d = Delivery.pending(UUID.randomUUID(), "e1", "trade.executed", "{}", NOW);
    return new Delivery(
        d.id(),
        d.subscriptionId(),
        d.messageId(),
        d.eventId(),
        d.eventType(),
        d.payload(),
        Delivery.Status.PENDING,
        step,
        step,
        NOW,
        NOW,
        null);
  }

  private static Outcome http(int status) {
    Outcome.Kind kind =
        status / 100 == 2
            ? Outcome.Kind.DELIVERED
            : status == 410 ? Outcome.Kind.GONE : Outcome.Kind.FAILED;
    return new Outcome(
        kind, status, 12, "ok", kind == Outcome.Kind.DELIVERED ? null : "HTTP " + status, null);
  }

  @Test
  void shouldFollowTheDocumentedScheduleThenGiveUp() {
    Delivery d = pending(0);
    Duration[] expected = {
      Duration.ofSeconds(5),
      Duration.ofMinutes(5),
      Duration.ofMinutes(30),
      Duration.ofHours(2),
      Duration.ofHours(5),
      Duration.ofHours(10),
      Duration.ofHours(10)
    };
    for (Duration delay : expected) {
      var decision = rules.decide(d, NOW, http(500), NOW);
      assertThat(decision.delivery().status()).isEqualTo(Delivery.Status.PENDING);
      assertThat(decision.delivery().nextAttemptAt()).isEqualTo(NOW.plus(delay));
      assertThat(decision.attempt().nextAttemptAt()).isEqualTo(NOW.plus(delay));
      d = decision.delivery();
    }
    var last = rules.decide(d, NOW, http(500), NOW);
    assertThat(last.delivery().status()).isEqualTo(Delivery.Status.FAILED);
    assertThat(last.delivery().attempts()).isEqualTo(8);
    assertThat(last.delivery().nextAttemptAt()).isNull();
  }

  @Test
  void shouldJitterWithinTwentyPercent() {
    assertThat(new RetrySchedule(() -> 0.0).delayAfter(2, null)).isEqualTo(Duration.ofMinutes(4));
    assertThat(new RetrySchedule(() -> 0.999999).delayAfter(2, null))
        .isBetween(Duration.ofSeconds(359), Duration.ofMinutes(6));
  }

  @Test
  void shouldHonourRetryAfterWhenItIsLater() {
    var slowDown =
        new Outcome(Outcome.Kind.FAILED, 429, 3, null, "HTTP 429", Duration.ofMinutes(7));
    assertThat(rules.decide(pending(0), null, slowDown, NOW).delivery().nextAttemptAt())
        .isEqualTo(NOW.plus(Duration.ofMinutes(7)));
    var shortWait =
        new Outcome(Outcome.Kind.FAILED, 503, 3, null, "HTTP 503", Duration.ofSeconds(1));
    assertThat(rules.decide(pending(0), null, shortWait, NOW).delivery().nextAttemptAt())
        .isEqualTo(NOW.plus(Duration.ofSeconds(5)));
  }

  @Test
  void shouldSucceedOnAny2xxAndEndTheFailureStreak() {
    for (int status : new int[] {200, 201, 202, 204, 299}) {
      var decision = rules.decide(pending(3), NOW.minusSeconds(60), http(status), NOW);
      assertThat(decision.delivery().status()).isEqualTo(Delivery.Status.SUCCEEDED);
      assertThat(decision.change()).isEqualTo(AttemptRules.Change.SUCCEEDED);
    }
  }

  @Test
  void shouldTreatRedirectsAsFailures() {
    for (int status : new int[] {301, 302, 307, 308}) {
      var decision = rules.decide(pending(0), null, http(status), NOW);
      assertThat(decision.delivery().status()).isEqualTo(Delivery.Status.PENDING);
      assertThat(decision.change()).isEqualTo(AttemptRules.Change.FAILED);
    }
  }

  @Test
  void shouldGiveUpAndDisableOn410() {
    var decision = rules.decide(pending(0), null, http(410), NOW);
    assertThat(decision.delivery().status()).isEqualTo(Delivery.Status.FAILED);
    assertThat(decision.change()).isEqualTo(AttemptRules.Change.DISABLE);
    assertThat(decision.reason()).contains("410");
  }

  @Test
  void shouldDisableAfterFiveDaysOfContinuousFailure() {
    Instant since = NOW.minus(Duration.ofDays(5));
    var decision = rules.decide(pending(1), since, http(500), NOW);
    assertThat(decision.change()).isEqualTo(AttemptRules.Change.DISABLE);
    assertThat(decision.reason()).contains(since.toString()).contains("HTTP 500");

    var notYet = rules.decide(pending(1), since.plusSeconds(1), http(500), NOW);
    assertThat(notYet.change()).isEqualTo(AttemptRules.Change.FAILED);
  }

  @Test
  void shouldNotCountAnOpenCircuitAsAnAttempt() {
    var open = Outcome.notSent(Outcome.Kind.CIRCUIT_OPEN, "open");
    var decision = rules.decide(pending(2), null, open, NOW);
    assertThat(decision.attempt()).isNull();
    assertThat(decision.delivery().attempts()).isEqualTo(2);
    assertThat(decision.delivery().nextAttemptAt()).isEqualTo(NOW.plus(AttemptRules.CIRCUIT_WAIT));
  }
}
