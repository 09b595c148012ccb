package io.equitoken.portfolio.holding;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cost-basis refold of a poll's new holding changes, pure: each (owner, token) touched is
 * refolded from its earliest new sequence, starting from the cost basis after the change before it,
 * over every stored change from there in sequence order (a late change refolds itself and every
 * later one); the last of them becomes the current holding.
 */
public final class Refold {

  /** Where the refold of an (owner, token) starts: its earliest new sequence. */
  public record Start(String ownerId, String tokenId, long sequence) {}

  /**
   * An (owner, token) from its {@link Start} on: the cost basis after the latest change before it
   * (zero if there is none) and the stored changes from it on, in sequence order.
   */
  public record History(
      String ownerId, String tokenId, BigDecimal costBefore, List<HoldingChange> changes) {}

  /** A change with the cost basis after it. */
  public record Costed(HoldingChange change, BigDecimal costBasis) {}

  /** The cost basis of every refolded change, and the newest change of each (owner, token). */
  public record Result(List<Costed> costs, List<Costed> current) {}

  private Refold() {}

  /** The earliest of {@code fresh}'s sequences per (owner, token), in first-seen order. */
  public static List<Start> starts(List<HoldingChange> fresh) {
    Map<List<String>, Start> starts = new LinkedHashMap<>();
    for (HoldingChange c : fresh) {
      starts.merge(
          List.of(c.ownerId(), c.tokenId()),
          new Start(c.ownerId(), c.tokenId(), c.sequence()),
          (a, b) -> a.sequence() <= b.sequence() ? a : b);
    }
    return List.copyOf(starts.values());
  }

  /** Folds {@link CostBasis} over each history; a history without changes gives nothing. */
  public static Result fold(List<History> histories) {
    List<Costed> costs = new ArrayList<>();
    List<Costed> current = new ArrayList<>();
    for (History history : histories) {
      if (history.changes().isEmpty()) {
        continue;
      }
      List<HoldingChange> ordered =
          history.changes().stream()
              .sorted(Comparator.comparingLong(HoldingChange::sequence))
              .toList();
      BigDecimal running = history.costBefore();
      Costed last = null;
      for (HoldingChange change : ordered) {
        running = CostBasis.after(running, change);
        last = new Costed(change, running);
        costs.add(last);
      }
      current.add(last);
    }
    return new Result(List.copyOf(costs), List.copyOf(current));
  }
}
