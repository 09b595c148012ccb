package io.equitoken.trading.engine;

/** Facts an engine reports. Replaying the same commands yields exactly the same events. */
public sealed interface EngineEvent {

  record OrderAccepted(
      long orderId, long owner, Side side, long priceTicks, long lots, TimeInForce timeInForce)
      implements EngineEvent {}

  record OrderAmended(long orderId, long owner, long priceTicks, long lots, boolean priorityKept)
      implements EngineEvent {}

  record OrderCancelled(long orderId, long owner, long remainingLots, CancelReason reason)
      implements EngineEvent {}

  record OrderExpired(long orderId, long owner, long remainingLots) implements EngineEvent {}

  /** One execution; the remaining quantities tell the wrapper whether each order is now filled. */
  record TradeExecuted(
      long tradeId,
      long priceTicks,
      long lots,
      long buyOrderId,
      long buyer,
      long sellOrderId,
      long seller,
      Aggressor aggressor,
      long buyRemainingLots,
      long sellRemainingLots)
      implements EngineEvent {}

  record HoldingChanged(long owner, long deltaLots, long holdingLots) implements EngineEvent {}

  record WindowPhaseChanged(WindowPhase from, WindowPhase to) implements EngineEvent {}

  /** The uniform price of an uncross; the trades follow. */
  record AuctionCleared(long priceTicks, long volumeLots, long surplusLots)
      implements EngineEvent {}

  /** An uncross found no executable volume (inside the band). */
  record AuctionNotCleared() implements EngineEvent {}

  /** The command changed nothing. */
  record CommandRejected(ReasonCode code, String message) implements EngineEvent {}
}
