package io.equitoken.trading.engine.fast;

/** One owner's position, with the heads of its resting buy and sell lists. */
final class Account {
  final long owner;
  long holding;
  long reserved;
  Order buys;
  Order sells;

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
    } else {
      sells = o;
    }
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
  }

  /** Lots of the owner's resting buy orders. */
  long openBuyLots() {
    long lots = 0;
    for (Order o = buys; o != null; o = o.ownNext) {
      lots += o.lots;
    }
    return lots;
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
