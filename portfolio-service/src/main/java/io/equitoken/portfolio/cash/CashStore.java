package io.equitoken.portfolio.cash;

import java.util.List;
import reactor.core.publisher.Mono;

/** Port: the stored cash changes and each owner's current account. */
public interface CashStore {

  /**
   * Stores the changes whose (owner, sequence) is not known and makes each owner's newest of them
   * its current account unless a newer sequence is already there, in one go; answers how many were
   * new.
   */
  Mono<Integer> applyAll(List<CashChange> changes);
}
