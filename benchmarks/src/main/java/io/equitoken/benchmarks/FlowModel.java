package io.equitoken.benchmarks;

import io.equitoken.trading.engine.Aggressor;
import io.equitoken.trading.engine.CancelReason;
import io.equitoken.trading.engine.EventSink;
import io.equitoken.trading.engine.ReasonCode;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.TimeInForce;
import io.equitoken.trading.engine.WindowPhase;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The generator's view of the book, kept current from the events of a live engine, so that every
 * generated cancel or amend names an order that is really resting. Orders are kept in creation
 * order because cancels and amends pick among the oldest.
 */
final class FlowModel implements EventSink {
  /** What the generator needs to know about one resting order. */
  static final class Resting {
    final long id;
    final long owner;
    final boolean buy;
    long price;
    long lots;

    Resting(long id, long owner, boolean buy, long price, long lots) {
      this.id = id;
      this.owner = owner;
      this.buy = buy;
      this.price = price;
      this.lots = lots;
    }
  }

  final Map<Long, Resting> resting = new LinkedHashMap<>();
  int bids;
  int asks;
  long lastTradePrice;
  long rejections;

  FlowModel(long initialPrice) {
    this.lastTradePrice = initialPrice;
  }

  /** The {@code k}-th oldest resting order. */
  Resting oldest(int k) {
    Iterator<Resting> it = resting.values().iterator();
    for (int i = 0; i < k; i++) {
      it.next();
    }
    return it.next();
  }

  @Override
  public void orderAccepted(
      long orderId, long owner, Side side, long price, long lots, TimeInForce tif) {
    if (tif == TimeInForce.GOOD_TILL_WINDOW_CLOSE) {
      resting.put(orderId, new Resting(orderId, owner, side == Side.BUY, price, lots));
      count(side == Side.BUY, 1);
    }
  }

  @Override
  public void orderAmended(long orderId, long owner, long price, long lots, boolean kept) {
    Resting r = resting.get(orderId);
    r.price = price;
    r.lots = lots;
  }

  @Override
  public void orderCancelled(long orderId, long owner, long remainingLots, CancelReason reason) {
    remove(orderId);
  }

  @Override
  public void orderExpired(long orderId, long owner, long remainingLots) {
    remove(orderId);
  }

  private void remove(long orderId) {
    Resting r = resting.remove(orderId);
    if (r != null) {
      count(r.buy, -1);
    }
  }

  private void count(boolean buy, int delta) {
    if (buy) {
      bids += delta;
    } else {
      asks += delta;
    }
  }

  @Override
  public void trade(
      long tradeId,
      long price,
      long lots,
      long buyOrderId,
      long buyer,
      long sellOrderId,
      long seller,
      Aggressor aggressor,
      long buyRemaining,
      long sellRemaining) {
    lastTradePrice = price;
    update(buyOrderId, buyRemaining);
    update(sellOrderId, sellRemaining);
  }

  private void update(long orderId, long remaining) {
    Resting r = resting.get(orderId);
    if (r == null) {
      return; // an immediate-or-cancel taker never rests
    }
    if (remaining == 0) {
      remove(orderId);
    } else {
      r.lots = remaining;
    }
  }

  @Override
  public void holdingChanged(long owner, long deltaLots, long holdingLots) {}

  @Override
  public void phaseChanged(WindowPhase from, WindowPhase to) {}

  @Override
  public void auctionCleared(long priceTicks, long volumeLots, long surplusLots) {}

  @Override
  public void auctionNotCleared() {}

  @Override
  public void rejected(ReasonCode code, String message) {
    rejections++;
  }
}
