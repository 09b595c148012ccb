package io.equitoken.trading.engine.reference;

import io.equitoken.trading.engine.Side;
import java.util.Comparator;

/** A mutable resting order of the reference engine; {@code seq} is its place in time priority. */
final class RefOrder {
  final long id;
  final long owner;
  final Side side;
  long price;
  long lots;
  long seq;

  RefOrder(long id, long owner, Side side, long price, long lots, long seq) {
    this.id = id;
    this.owner = owner;
    this.side = side;
    this.price = price;
    this.lots = lots;
    this.seq = seq;
  }

  /** Best first: highest bid or lowest ask, then earliest arrival. */
  static Comparator<RefOrder> priority(Side side) {
    Comparator<RefOrder> byPrice = Comparator.comparingLong(o -> o.price);
    if (side == Side.BUY) {
      byPrice = byPrice.reversed();
    }
    return byPrice.thenComparingLong(o -> o.seq);
  }

  boolean crosses(long otherPrice) {
    return side == Side.BUY ? price >= otherPrice : price <= otherPrice;
  }
}
