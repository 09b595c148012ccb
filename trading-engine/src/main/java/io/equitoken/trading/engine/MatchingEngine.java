package io.equitoken.trading.engine;

import java.util.List;
import java.util.Optional;

/**
 * The deterministic matching core of one token: a book, its window phase and every owner's holding
 * of the token.
 *
 * <p>Invariants every implementation keeps, checked by the shared test suite and its properties:
 *
 * <ul>
 *   <li>only {@link #process} changes state, and every command yields events or exactly one
 *       rejection (and then changes nothing), except the rules commands ({@code SetClock}, {@code
 *       SetInvestor}, {@code ScheduleRules}), which yield none;
 *   <li>no trade breaks the token's {@link TransferRules} in force (see {@link RuleBook});
 *   <li>the same command sequence yields the same events and the same {@link #stateHash()};
 *   <li>holdings are conserved: fills move lots from seller to buyer, only credits and debits
 *       change the total;
 *   <li>{@code available = holding - reserved} never goes negative: open sell orders reserve their
 *       remaining quantity;
 *   <li>in the continuous phase the book is never left crossed, and no owner ever trades with
 *       itself.
 * </ul>
 *
 * <p>Not thread-safe: one writer per token, as trading-service partitions tokens.
 */
public interface MatchingEngine {

  /** Apply one command, writing its events (or one rejection) into {@code sink}. */
  void process(EngineCommand command, EventSink sink);

  /** Convenience for callers that do not mind allocating: the command's events as a list. */
  default List<EngineEvent> process(EngineCommand command) {
    EventCollector collector = new EventCollector();
    process(command, collector);
    return collector.events();
  }

  WindowPhase phase();

  long holding(long owner);

  long reserved(long owner);

  default long available(long owner) {
    return holding(owner) - reserved(owner);
  }

  /** Last trade price, or the token's issue price before the first trade. */
  long referencePriceTicks();

  /**
   * What an uncross would do now: empty outside the call phase or when nothing would execute. Pure
   * query; changes nothing.
   */
  Optional<AuctionIndication> indicativeAuction();

  /** The complete state as an immutable value; {@code restore} of it continues identically. */
  EngineState snapshot();

  /** A 64-bit hash of the complete state, equal across implementations for equal states. */
  default long stateHash() {
    return snapshot().hash();
  }
}
