package io.equitoken.trading.engine;

/**
 * Where an engine writes the events of one command. Primitive arguments let the fast engine report
 * without allocating; {@link EventCollector} turns calls into {@link EngineEvent} records.
 */
public interface EventSink {

  void orderAccepted(
      long orderId, long owner, Side side, long priceTicks, long lots, TimeInForce timeInForce);

  void orderAmended(long orderId, long owner, long priceTicks, long lots, boolean priorityKept);

  void orderCancelled(long orderId, long owner, long remainingLots, CancelReason reason);

  void orderExpired(long orderId, long owner, long remainingLots);

  @SuppressWarnings("java:S107") // a trade simply has this many facts
  void trade(
      long tradeId,
      long priceTicks,
      long lots,
      long buyOrderId,
      long buyer,
      long sellOrderId,
      long seller,
      Aggressor aggressor,
      long buyRemainingLots,
      long sellRemainingLots);

  void holdingChanged(long owner, long deltaLots, long holdingLots);

  void phaseChanged(WindowPhase from, WindowPhase to);

  void auctionCleared(long priceTicks, long volumeLots, long surplusLots);

  void auctionNotCleared();

  void rejected(ReasonCode code, String message);
}
