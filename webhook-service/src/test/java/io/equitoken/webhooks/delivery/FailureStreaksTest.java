package io.equitoken.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.webhooks.delivery.DeliveryQueue.Recording;
import io.equitoken.webhooks.delivery.DeliveryQueue.SubscriptionChange;
import io.equitoken.webhooks.delivery.FailureStreaks.Change;
import io.equitoken.webhooks.delivery.FailureStreaks.Op;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class FailureStreaksTest {

  static final UUID A = UUID.randomUUID();
  static final UUID B = UUID.randomUUID();
  static final Instant T1 = Instant.parse("2026-11-23T05:00:01Z");
  static final Instant T2 = Instant.parse("2026-11-23T05:00:02Z");
  static final Instant T3 = Instant.parse("2026-11-23T05:00:03Z");

  @Test
  void aFailureMarksUnlessAStreakRunsAndASuccessClears() {
    assertThat(
            FailureStreaks.fold(
                List.of(
                    at(A, SubscriptionChange.MARK_FAILING, T1),
                    at(B, SubscriptionChange.CLEAR_FAILING, T1))))
        .containsExactly(
            Map.entry(A, new Change(Op.MARK, T1)), Map.entry(B, new Change(Op.CLEAR, null)));
  }

  @Test
  void theFirstFailureOfTheBatchStartsTheStreak() {
    assertThat(
            FailureStreaks.fold(
                List.of(
                    at(A, SubscriptionChange.MARK_FAILING, T1),
                    at(A, SubscriptionChange.MARK_FAILING, T2))))
        .containsExactly(Map.entry(A, new Change(Op.MARK, T1)));
  }

  @Test
  void aFailureAfterASuccessStartsANewStreakAtItsOwnTime() {
    assertThat(
            FailureStreaks.fold(
                List.of(
                    at(A, SubscriptionChange.MARK_FAILING, T1),
                    at(A, SubscriptionChange.CLEAR_FAILING, T2),
                    at(A, SubscriptionChange.MARK_FAILING, T3))))
        .containsExactly(Map.entry(A, new Change(Op.SET, T3)));
  }

  @Test
  void aSuccessLastEndsTheStreakWhateverCameBefore() {
    assertThat(
            FailureStreaks.fold(
                List.of(
                    at(A, SubscriptionChange.MARK_FAILING, T1),
                    at(A, SubscriptionChange.NONE, T2),
                    at(A, SubscriptionChange.CLEAR_FAILING, T3))))
        .containsExactly(Map.entry(A, new Change(Op.CLEAR, null)));
  }

  @Test
  void attemptsThatChangeNothingLeaveTheSubscriptionOut() {
    assertThat(FailureStreaks.fold(List.of(at(A, SubscriptionChange.NONE, T1)))).isEmpty();
  }

  @Test
  void disablingIsNeverFolded() {
    assertThatThrownBy(() -> FailureStreaks.fold(List.of(at(A, SubscriptionChange.DISABLE, T1))))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static Recording at(UUID subscription, SubscriptionChange change, Instant now) {
    Delivery d =
        Delivery.pending(subscription, "evt-" + UUID.randomUUID(), "trade.executed", "{}", now);
    return new Recording(d, null, change, now);
  }
}
