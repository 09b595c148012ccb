package io.equitoken.portfolio.cash;

import java.util.List;
import reactor.core.publisher.Mono;

/** Port: the stored cash changes and each owner's current account. */
public interface CashStore {

  /** Stores the change unless its (owner, sequence) is known; answers whether it was new. */
  Mono<Boolean> insert(CashChange change);

  /** Makes {@code change} the owner's current account unless a newer sequence is already there. */
  Mono<Void> setCurrentIfNewer(CashChange change);

  /**
   * {@link #insert} and {@link #setCurrentIfNewer} for many changes in one go: stores those whose
   * (owner, sequence) is not known and makes each owner's newest of them its current account unless
   * a newer sequence is already there; answers how many were new.
   */
  Mono<Integer> applyAll(List<CashChange> changes);
}
