package io.equitoken.portfolio.cash;

import java.util.List;
import reactor.core.publisher.Mono;

/**
 * Applies cash changes whatever order they arrive in. Every change carries the whole account, so
 * the current account is simply the change with the highest sequence; an older one is kept for the
 * history (transactions, valuation with cash) and does not move the current account back.
 */
public final class CashBook {

  private final CashStore store;

  public CashBook(CashStore store) {
    this.store = store;
  }

  /**
   * A poll's changes in one statement, with the same outcome as applying them one by one: answers
   * how many were new (the others were already known). Callers run this inside the transaction that
   * marks the events processed.
   */
  public Mono<Integer> applyAll(List<CashChange> changes) {
    return changes.isEmpty() ? Mono.just(0) : store.applyAll(changes);
  }
}
