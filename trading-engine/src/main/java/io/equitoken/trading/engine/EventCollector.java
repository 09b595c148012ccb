package io.equitoken.trading.engine;

import io.equitoken.trading.engine.EngineEvent.AuctionCleared;
import io.equitoken.trading.engine.EngineEvent.AuctionNotCleared;
import io.equitoken.trading.engine.EngineEvent.CommandRejected;
import io.equitoken.trading.engine.EngineEvent.HoldingChanged;
import io.equitoken.trading.engine.EngineEvent.OrderAccepted;
import io.equitoken.trading.engine.EngineEvent.OrderAmended;
import io.equitoken.trading.engine.EngineEvent.OrderCancelled;
import io.equitoken.trading.engine.EngineEvent.OrderExpired;
import io.equitoken.trading.engine.EngineEvent.TradeExecuted;
import io.equitoken.trading.engine.EngineEvent.WindowPhaseChanged;
import java.util.ArrayList;
import java.util.List;

/** An {@link EventSink} that records events as immutable values, in order. */
public final class EventCollector implements EventSink {
  private final List<EngineEvent> events = new ArrayList<>();

  public List<EngineEvent> events() {
    return List.copyOf(events);
  }

  /** Returns the events collected so far and starts afresh. */
  public List<EngineEvent> drain() {
    List<EngineEvent> copy = List.copyOf(events);
    events.clear();
    return copy;
  }

  @Override
  public void orderAccepted(
      long orderId, long owner, Side side, long priceTicks, long lots, TimeInForce tif) {
    events.add(new OrderAccepted(orderId, owner, side, priceTicks, lots, tif));
  }

  @Override
  public void orderAmended(
      long orderId, long owner, long priceTicks, long lots, boolean priorityKept) {
    events.add(new OrderAmended(orderId, owner, priceTicks, lots, priorityKept));
  }

  @Override
  public void orderCancelled(long orderId, long owner, long remainingLots, CancelReason reason) {
    events.add(new OrderCancelled(orderId, owner, remainingLots, reason));
  }

  @Override
  public void orderExpired(long orderId, long owner, long remainingLots) {
    events.add(new OrderExpired(orderId, owner, remainingLots));
  }

  @Override
  public void trade(
      long tradeId,
      long priceTicks,
      long lots,
      long buyOrderId,
      long buyer,
      long sellOrderId,
      long seller,
      Aggressor aggressor,
      long buyRemainingLots,
      long sellRemainingLots) {
    events.add(
        new TradeExecuted(
            tradeId,
            priceTicks,
            lots,
            buyOrderId,
            buyer,
            sellOrderId,
            seller,
            aggressor,
            buyRemainingLots,
            sellRemainingLots));
  }

  @Override
  public void holdingChanged(long owner, long deltaLots, long holdingLots) {
    events.add(new HoldingChanged(owner, deltaLots, holdingLots));
  }

  @Override
  public void phaseChanged(WindowPhase from, WindowPhase to) {
    events.add(new WindowPhaseChanged(from, to));
  }

  @Override
  public void auctionCleared(long priceTicks, long volumeLots, long surplusLots) {
    events.add(new AuctionCleared(priceTicks, volumeLots, surplusLots));
  }

  @Override
  public void auctionNotCleared() {
    events.add(new AuctionNotCleared());
  }

  @Override
  public void rejected(ReasonCode code, String message) {
    events.add(new CommandRejected(code, message));
  }
}
