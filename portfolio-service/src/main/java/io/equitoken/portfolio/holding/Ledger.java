package io.equitoken.portfolio.holding;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import reactor.core.publisher.Mono;

/**
 * Applies holding changes in sequence order whatever order they arrive in. The current holding is
 * the change with the highest sequence (its quantities are absolute); the cost basis is folded over
 * the changes in sequence order, so a late change refolds itself and every later one ({@link
 * Refold}). A poll's changes are applied together with the same outcome as one by one in record
 * order, in at most four statements whatever their number: store the new ones, read each touched
 * holding from its earliest new sequence, write the refolded costs, write the current holdings.
 */
public final class Ledger {

  /**
   * What became of a poll's changes: how many were applied, and those already known (stored before,
   * or a repeat of an earlier one of the poll), in record order.
   */
  public record Applied(int applied, List<HoldingChange> alreadyKnown) {}

  private final HoldingStore store;

  public Ledger(HoldingStore store) {
    this.store = store;
  }

  /** Callers run this inside the transaction that marks the events processed. */
  public Mono<Applied> applyAll(List<HoldingChange> changes) {
    List<HoldingChange> distinct = new ArrayList<>();
    Set<List<Object>> seen = new HashSet<>();
    for (HoldingChange c : changes) {
      if (seen.add(List.of(c.ownerId(), c.tokenId(), c.sequence()))) {
        distinct.add(c);
      }
    }
    if (distinct.isEmpty()) {
      return Mono.just(new Applied(0, List.of()));
    }
    return store
        .insertNew(distinct)
        .flatMap(fresh -> refold(fresh).thenReturn(outcome(changes, fresh)));
  }

  private Mono<Void> refold(List<HoldingChange> fresh) {
    if (fresh.isEmpty()) {
      return Mono.empty();
    }
    return store
        .historiesFrom(Refold.starts(fresh))
        .map(Refold::fold)
        .flatMap(r -> store.setCosts(r.costs()).then(store.setCurrent(r.current())));
  }

  /** Every change but the first delivery of each fresh one was already known. */
  private static Applied outcome(List<HoldingChange> changes, List<HoldingChange> fresh) {
    Set<List<Object>> pending = new HashSet<>();
    fresh.forEach(c -> pending.add(List.of(c.ownerId(), c.tokenId(), c.sequence())));
    List<HoldingChange> known = new ArrayList<>();
    for (HoldingChange c : changes) {
      if (!pending.remove(List.of(c.ownerId(), c.tokenId(), c.sequence()))) {
        known.add(c);
      }
    }
    return new Applied(fresh.size(), List.copyOf(known));
  }
}
