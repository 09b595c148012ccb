package io.equitoken.trading.engine.fast;

/**
 * One owner's position, with the heads of its resting buy and sell lists and the lots of the buy
 * list kept as a running total ({@link #openBuyLots()}): every change of a listed buy order's lots
 * goes through {@link #link}, {@link #unlink} or {@link #resize}.
 */
final class Account {
  final long owner;
  long holding;
  long reserved;
  Order buys;
  Order sells;

  /** Sum of {@code lots} over {@link #buys}. */
  private long buyLots;

  /** The owner in the token's rule book, set on first use. */
  io.equitoken.trading.engine.RuleBook.Investor investor;

  Account(long owner) {
    this.owner = owner;
  }

  void link(Order o) {
    Order head = o.buy ? buys : sells;
    o.ownPrev = null;
    o.ownNext = head;
    if (head != null) {
      head.ownPrev = o;
    }
    if (o.buy) {
      buys = o;
      buyLots += o.lots;
    } else {
      sells = o;
    }
    o.listed = true;
  }

  void unlink(Order o) {
    if (o.ownPrev != null) {
      o.ownPrev.ownNext = o.ownNext;
    } else if (o.buy) {
      buys = o.ownNext;
    } else {
      sells = o.ownNext;
    }
    if (o.ownNext != null) {
      o.ownNext.ownPrev = o.ownPrev;
    }
    o.ownPrev = o.ownNext = null;
    if (o.buy) {
      buyLots -= o.lots;
    }
    o.listed = false;
  }

  /** Sets the lots of an order, keeping the running total if it is on this owner's list. */
  void resize(Order o, long lots) {
    if (o.listed && o.buy) {
      buyLots += lots - o.lots;
    }
    o.lots = lots;
  }

  /** Lots of the owner's resting buy orders (a running total, not a walk of the list). */
  long openBuyLots() {
    return buyLots;
  }

  /** Would a new order of this owner at {@code price} on the given side meet its own order? */
  boolean hasCrossingOrder(boolean buy, long price) {
    for (Order o = buy ? sells : buys; o != null; o = o.ownNext) {
      if (buy ? o.price <= price : o.price >= price) {
        return true;
      }
    }
    return false;
  }
}
