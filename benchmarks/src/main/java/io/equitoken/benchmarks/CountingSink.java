package io.equitoken.benchmarks;

import io.equitoken.trading.engine.Aggressor;
import io.equitoken.trading.engine.CancelReason;
import io.equitoken.trading.engine.EventSink;
import io.equitoken.trading.engine.ReasonCode;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.TimeInForce;
import io.equitoken.trading.engine.WindowPhase;

/**
 * A sink that only counts, so benchmarks measure the engine rather than event storage; the counts
 * go to a Blackhole and let a run report how many trades and rejections it produced.
 */
final class CountingSink implements EventSink {
  long events;
  long trades;
  long tradedLots;
  long rejections;

  void reset() {
    events = trades = tradedLots = rejections = 0;
  }

  @Override
  public void orderAccepted(
      long orderId, long owner, Side side, long priceTicks, long lots, TimeInForce tif) {
    events++;
  }

  @Override
  public void orderAmended(long orderId, long owner, long price, long lots, boolean kept) {
    events++;
  }

  @Override
  public void orderCancelled(long orderId, long owner, long remainingLots, CancelReason reason) {
    events++;
  }

  @Override
  public void orderExpired(long orderId, long owner, long remainingLots) {
    events++;
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
    events++;
    trades++;
    tradedLots += lots;
  }

  @Override
  public void holdingChanged(long owner, long deltaLots, long holdingLots) {
    events++;
  }

  @Override
  public void phaseChanged(WindowPhase from, WindowPhase to) {
    events++;
  }

  @Override
  public void auctionCleared(long priceTicks, long volumeLots, long surplusLots) {
    events++;
  }

  @Override
  public void auctionNotCleared() {
    events++;
  }

  @Override
  public void rejected(ReasonCode code, String message) {
    events++;
    rejections++;
  }
}
