package io.equitoken.portfolio.cash;

import reactor.core.publisher.Mono;

/** Port: the stored cash changes and each owner's current account. */
public interface CashStore {

  /** Stores the change unless its (owner, sequence) is known; answers whether it was new. */
  Mono<Boolean> insert(CashChange change);

  /** Makes {@code change} the owner's current account unless a newer sequence is already there. */
  Mono<Void> setCurrentIfNewer(CashChange change);
}
