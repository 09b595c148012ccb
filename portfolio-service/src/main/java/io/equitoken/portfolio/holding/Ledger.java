package io.equitoken.portfolio.holding;

import java.math.BigDecimal;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * Applies holding changes in sequence order whatever order they arrive in. The current holding is
 * the change with the highest sequence (its quantities are absolute); the cost basis is folded over
 * the changes in sequence order, so a late change refolds itself and every later one.
 */
public final class Ledger {

  /** What became of a change. */
  public enum Outcome {
    APPLIED,
    ALREADY_KNOWN
  }

  private final HoldingStore store;

  public Ledger(HoldingStore store) {
    this.store = store;
  }

  /** Callers run this inside the transaction that marks the event processed. */
  public Mono<Outcome> apply(HoldingChange change) {
    return store
        .insert(change)
        .flatMap(
            inserted ->
                inserted
                    ? refold(change).thenReturn(Outcome.APPLIED)
                    : Mono.just(Outcome.ALREADY_KNOWN));
  }

  private Mono<Void> refold(HoldingChange from) {
    return store
        .costBefore(from.ownerId(), from.tokenId(), from.sequence())
        .zipWith(store.changesFrom(from.ownerId(), from.tokenId(), from.sequence()).collectList())
        .flatMap(t -> fold(t.getT1(), t.getT2()));
  }

  private Mono<Void> fold(BigDecimal cost, List<HoldingChange> changes) {
    Mono<Void> work = Mono.empty();
    BigDecimal running = cost;
    for (HoldingChange change : changes) {
      running = CostBasis.after(running, change);
      work = work.then(store.setCost(change, running));
    }
    HoldingChange latest = changes.get(changes.size() - 1);
    return work.then(store.setCurrent(latest, running));
  }
}
