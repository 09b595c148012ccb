package io.equitoken.portfolio.holding;

import io.equitoken.portfolio.holding.Refold.Costed;
import io.equitoken.portfolio.holding.Refold.History;
import io.equitoken.portfolio.holding.Refold.Start;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * Port: the stored holding changes and each owner's current holding per token. Each method is one
 * statement however many changes it is given, so a poll costs the same few round trips whatever its
 * size.
 */
public interface HoldingStore {

  /**
   * Stores the changes whose (owner, token, sequence) is not known (each key at most once); answers
   * those it stored, in the order given.
   */
  Mono<List<HoldingChange>> insertNew(List<HoldingChange> changes);

  /** For each start: the cost basis before it and the stored changes from it on, in order. */
  Mono<List<History>> historiesFrom(List<Start> starts);

  /** Sets the cost basis of each stored change. */
  Mono<Void> setCosts(List<Costed> costs);

  /**
   * Makes each change (the one with the highest sequence of its owner and token, one per owner and
   * token) the current holding, unless one with a higher sequence is already there.
   */
  Mono<Void> setCurrent(List<Costed> latest);
}
