package io.equitoken.webhooks.delivery;

import io.equitoken.webhooks.delivery.DeliveryQueue.Recording;
import io.equitoken.webhooks.delivery.DeliveryQueue.SubscriptionChange;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What a batch of recorded attempts does to each subscription's failure streak, as if they were
 * recorded one by one in order: a success ends the streak; a failure starts one unless one is
 * running — so a failure after a success in the same batch starts a new streak at its own time. One
 * database statement cannot change a row twice; this folds each subscription's changes into one.
 */
public final class FailureStreaks {

  private FailureStreaks() {}

  /** The change of one subscription's {@code failing_since}. */
  public enum Op {
    /** Set it to null (a success). */
    CLEAR,
    /** Set it to {@code at} unless it is set (a failure). */
    MARK,
    /** Set it to {@code at} (a failure after a success in the same batch). */
    SET
  }

  /** One subscription's folded change. */
  public record Change(Op op, Instant at) {}

  /**
   * Each subscription's one change, in the order the subscriptions first appear. {@code DISABLE} is
   * not foldable (it is recorded alone) and is refused.
   */
  public static Map<UUID, Change> fold(List<Recording> recordings) {
    Map<UUID, Change> changes = new LinkedHashMap<>();
    for (Recording r : recordings) {
      UUID subscription = r.delivery().subscriptionId();
      SubscriptionChange change = r.change();
      if (change == SubscriptionChange.DISABLE) {
        throw new IllegalArgumentException("DISABLE is recorded alone, not in a batch");
      }
      if (change == SubscriptionChange.NONE) {
        continue;
      }
      Change before = changes.get(subscription);
      Change after;
      if (change == SubscriptionChange.CLEAR_FAILING) {
        after = new Change(Op.CLEAR, null);
      } else if (before == null) {
        after = new Change(Op.MARK, r.now());
      } else if (before.op() == Op.CLEAR) {
        after = new Change(Op.SET, r.now());
      } else {
        after = before; // a streak already starts earlier in this batch (or before it)
      }
      changes.put(subscription, after);
    }
    return changes;
  }
}
