package io.equitoken.trading.engine.fast;

import io.equitoken.trading.engine.Aggressor;
import io.equitoken.trading.engine.EngineState;
import io.equitoken.trading.engine.EngineState.Holding;
import io.equitoken.trading.engine.EngineState.RestingOrder;
import io.equitoken.trading.engine.EventSink;
import io.equitoken.trading.engine.PriceBand;
import io.equitoken.trading.engine.RuleBook;
import io.equitoken.trading.engine.WindowPhase;
import java.util.ArrayList;
import java.util.List;

/** State of the fast engine and the book operations its commands are built from. */
abstract class FastBook {
  final long issuePriceTicks;
  final BookSide bids = new BookSide(true);
  final BookSide asks = new BookSide(false);
  final OrderIndex index;
  final AccountIndex accounts = new AccountIndex();
  final OrderPool pool;
  final FastAuction auction = new FastAuction();
  WindowPhase phase = WindowPhase.CLOSED;
  PriceBand band = PriceBand.NONE;
  long lastTradePrice;
  long lastTradeId;
  long supply;
  final RuleBook ruleBook = new RuleBook();

  FastBook(long issuePriceTicks, int expectedOrders) {
    this.issuePriceTicks = issuePriceTicks;
    this.index = new OrderIndex(expectedOrders);
    this.pool = new OrderPool(expectedOrders);
  }

  RuleBook.Investor investor(Account a) {
    if (a.investor == null) {
      a.investor = ruleBook.investor(a.owner);
    }
    return a.investor;
  }

  BookSide sideOf(Order o) {
    return o.buy ? bids : asks;
  }

  long available(Account a) {
    return a == null ? 0 : a.holding - a.reserved;
  }

  /** Appends to the tail of its price level: the back of the time-priority queue. */
  void rest(Order o) {
    sideOf(o).levelFor(o.price).append(o);
    o.account.link(o);
  }

  /** Puts a re-priced order, still indexed and on its owner's list, back on a level. */
  void restAgain(Order o) {
    sideOf(o).levelFor(o.price).append(o);
  }

  /** Takes a resting order off its level and owner list; the index entry stays. */
  void leave(Order o) {
    leaveLevel(o);
    o.account.unlink(o);
  }

  /** Takes a resting order off its price level only (a re-priced order keeps its owner links). */
  void leaveLevel(Order o) {
    Level level = o.level;
    level.totalLots -= o.lots;
    level.unlink(o);
    if (level.isEmpty()) {
      sideOf(o).remove(level);
    }
  }

  /** Drops a filled or cancelled order that is on the book and in the index. */
  void discard(Order o) {
    leave(o);
    index.remove(o.id);
    pool.give(o);
  }

  /** Moves lots from seller to buyer, consuming the seller's reservation, and reports it. */
  void execute(Order buy, Order sell, long price, long lots, Aggressor who, EventSink sink) {
    buy.account.resize(buy, buy.lots - lots);
    sell.lots -= lots;
    if (buy.level != null) {
      buy.level.totalLots -= lots;
    }
    if (sell.level != null) {
      sell.level.totalLots -= lots;
    }
    buy.account.holding += lots;
    Account seller = sell.account;
    seller.holding -= lots;
    seller.reserved -= lots;
    ruleBook.traded(investor(buy.account), investor(seller), lots);
    lastTradePrice = price;
    sink.trade(
        ++lastTradeId,
        price,
        lots,
        buy.id,
        buy.owner,
        sell.id,
        sell.owner,
        who,
        buy.lots,
        sell.lots);
  }

  void releaseReservation(Order o) {
    if (!o.buy) {
      o.account.reserved -= o.lots;
    }
  }

  public EngineState snapshot() {
    List<Holding> holdings = new ArrayList<>();
    for (Account a : accounts.sortedByOwner()) {
      if (a.holding != 0 || a.reserved != 0) {
        holdings.add(new Holding(a.owner, a.holding, a.reserved));
      }
    }
    return new EngineState(
        issuePriceTicks,
        phase,
        band,
        lastTradePrice,
        lastTradeId,
        holdings,
        resting(bids),
        resting(asks),
        ruleBook.snapshot());
  }

  private static List<RestingOrder> resting(BookSide side) {
    List<RestingOrder> orders = new ArrayList<>();
    for (int i = side.size() - 1; i >= 0; i--) {
      for (Order o = side.at(i).head; o != null; o = o.next) {
        orders.add(new RestingOrder(o.id, o.owner, o.price, o.lots));
      }
    }
    return orders;
  }

  void load(EngineState s) {
    phase = s.phase();
    band = s.band();
    lastTradePrice = s.lastTradePriceTicks();
    lastTradeId = s.lastTradeId();
    for (Holding h : s.holdings()) {
      Account a = accounts.getOrCreate(h.owner());
      a.holding = h.lots();
      a.reserved = h.reservedLots();
      supply += h.lots();
    }
    ruleBook.load(s.rules(), s.holdingLots());
    load(s.bids(), true);
    load(s.asks(), false);
  }

  private void load(List<RestingOrder> orders, boolean buy) {
    for (RestingOrder r : orders) {
      Order o = pool.take();
      o.id = r.orderId();
      o.owner = r.owner();
      o.price = r.priceTicks();
      o.lots = r.lots();
      o.buy = buy;
      o.account = accounts.getOrCreate(r.owner());
      rest(o);
      index.put(o);
    }
  }
}
