package io.equitoken.trading.engine.fast;

import io.equitoken.trading.engine.Aggressor;
import io.equitoken.trading.engine.AuctionIndication;
import io.equitoken.trading.engine.CancelReason;
import io.equitoken.trading.engine.EngineCommand;
import io.equitoken.trading.engine.EngineCommand.AmendOrder;
import io.equitoken.trading.engine.EngineCommand.CancelOrder;
import io.equitoken.trading.engine.EngineCommand.PlaceOrder;
import io.equitoken.trading.engine.EngineState;
import io.equitoken.trading.engine.EventSink;
import io.equitoken.trading.engine.MatchingEngine;
import io.equitoken.trading.engine.OrderRules;
import io.equitoken.trading.engine.ReasonCode;
import io.equitoken.trading.engine.Rejections;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.TimeInForce;
import io.equitoken.trading.engine.WindowPhase;
import java.util.Optional;

/**
 * The production engine: sorted level arrays, intrusive FIFO lists, open-addressing indexes and
 * pooled nodes. Accepting, matching, amending and cancelling allocate nothing once warm (new owners
 * and growth of the pools aside), and report through the caller's {@link EventSink}.
 */
public final class FastMatchingEngine extends FastPhases implements MatchingEngine {

  public FastMatchingEngine(long issuePriceTicks) {
    this(issuePriceTicks, 1024);
  }

  /** {@code expectedOrders} sizes the pools up front so that the hot path never grows them. */
  public FastMatchingEngine(long issuePriceTicks, int expectedOrders) {
    super(issuePriceTicks, expectedOrders);
  }

  public static FastMatchingEngine restore(EngineState state) {
    FastMatchingEngine engine =
        new FastMatchingEngine(
            state.issuePriceTicks(), Math.max(1024, state.bids().size() + state.asks().size()));
    engine.load(state);
    return engine;
  }

  @Override
  public void process(EngineCommand command, EventSink sink) {
    if (command instanceof AmendOrder a) {
      amend(a, sink);
    } else if (command instanceof PlaceOrder p) {
      place(p, sink);
    } else if (command instanceof CancelOrder c) {
      cancel(c, sink);
    } else if (!ruleBook.apply(command)) {
      processAdministrative(command, sink);
    }
  }

  private void place(PlaceOrder p, EventSink sink) {
    if (!OrderRules.admitsPlacement(phase, band, p, sink)) {
      return;
    }
    if (index.get(p.orderId()) != null) {
      Rejections.orderIdInUse(sink, p.orderId());
      return;
    }
    boolean buy = p.side() == Side.BUY;
    Account account = accounts.get(p.owner());
    if (!buy && available(account) < p.lots()) {
      Rejections.insufficientAvailable(sink, p.owner(), p.lots(), available(account));
      return;
    }
    if (phase == WindowPhase.CALL
        && account != null
        && account.hasCrossingOrder(buy, p.priceTicks())) {
      Rejections.wouldSelfTrade(sink, p.owner());
      return;
    }
    if (account == null) {
      account = accounts.getOrCreate(p.owner());
    }
    ReasonCode rule =
        ruleBook.admits(
            investor(account),
            p.side(),
            p.lots(),
            buy ? account.openBuyLots() + p.lots() : 0,
            account.reserved);
    if (rule != null) {
      Rejections.rule(sink, rule, ruleBook.rules(), p.owner(), p.lots());
      return;
    }
    sink.orderAccepted(p.orderId(), p.owner(), p.side(), p.priceTicks(), p.lots(), p.timeInForce());
    if (!buy) {
      account.reserved += p.lots();
    }
    Order o = pool.take();
    o.id = p.orderId();
    o.owner = p.owner();
    o.price = p.priceTicks();
    o.lots = p.lots();
    o.buy = buy;
    o.account = account;
    enter(o, p.timeInForce() == TimeInForce.IMMEDIATE_OR_CANCEL, false, sink);
  }

  private void amend(AmendOrder a, EventSink sink) {
    if (phase == WindowPhase.CLOSED) {
      Rejections.windowNotOpen(sink);
      return;
    }
    Order o = index.get(a.orderId());
    if (o == null) {
      Rejections.orderUnknown(sink, a.orderId());
      return;
    }
    if (o.owner != a.owner()) {
      Rejections.orderNotOwned(sink, a.orderId(), a.owner());
      return;
    }
    long price = a.priceTicks();
    if (!OrderRules.admitsValues(phase, band, price, a.lots(), sink)) {
      return;
    }
    boolean samePrice = price == o.price;
    if (samePrice && a.lots() == o.lots) {
      Rejections.amendNoChange(sink, o.id);
      return;
    }
    long increase = a.lots() - o.lots;
    if (!o.buy && increase > 0 && available(o.account) < increase) {
      Rejections.insufficientAvailable(sink, o.owner, increase, available(o.account));
      return;
    }
    if (phase == WindowPhase.CALL && !samePrice && o.account.hasCrossingOrder(o.buy, price)) {
      Rejections.wouldSelfTrade(sink, o.owner);
      return;
    }
    ReasonCode rule =
        increase > 0
            ? ruleBook.admits(
                investor(o.account),
                o.buy ? Side.BUY : Side.SELL,
                a.lots(),
                o.buy ? o.account.openBuyLots() + increase : 0,
                o.account.reserved - (o.buy ? 0 : o.lots))
            : ruleBook.admitsSize(a.lots());
    if (rule != null) {
      Rejections.rule(sink, rule, ruleBook.rules(), o.owner, a.lots());
      return;
    }
    if (!o.buy) {
      o.account.reserved += increase;
    }
    boolean keepsPriority = samePrice && increase < 0;
    sink.orderAmended(o.id, o.owner, price, a.lots(), keepsPriority);
    if (keepsPriority) {
      o.account.resize(o, a.lots());
      o.level.totalLots += increase;
      return;
    }
    leaveLevel(o);
    o.price = price;
    o.account.resize(o, a.lots());
    enter(o, false, true, sink);
  }

  private void cancel(CancelOrder c, EventSink sink) {
    if (phase == WindowPhase.CLOSED) {
      Rejections.windowNotOpen(sink);
      return;
    }
    Order o = index.get(c.orderId());
    if (o == null) {
      Rejections.orderUnknown(sink, c.orderId());
      return;
    }
    if (o.owner != c.owner()) {
      Rejections.orderNotOwned(sink, c.orderId(), c.owner());
      return;
    }
    releaseReservation(o);
    sink.orderCancelled(o.id, o.owner, o.lots, c.reason());
    discard(o);
  }

  /**
   * Match an arriving or re-queued order if continuous, then rest it or cancel what is left. A
   * re-queued order ({@code requeued}) is still indexed and on its owner's list.
   */
  private void enter(Order o, boolean immediateOrCancel, boolean requeued, EventSink sink) {
    CancelReason stopped = phase == WindowPhase.CONTINUOUS ? match(o, sink) : null;
    if (o.lots > 0 && stopped == null && !immediateOrCancel) {
      if (requeued) {
        restAgain(o);
      } else {
        rest(o);
        index.put(o);
      }
      return;
    }
    if (o.lots > 0) {
      releaseReservation(o);
      sink.orderCancelled(
          o.id,
          o.owner,
          o.lots,
          stopped != null ? stopped : CancelReason.IMMEDIATE_OR_CANCEL_REMAINDER);
    }
    if (requeued) {
      o.account.unlink(o);
      index.remove(o.id);
    }
    pool.give(o);
  }

  /**
   * Price-time matching at the resting orders' prices. Returns why it stopped early, the incoming
   * order's remainder then being cancelled: it met an order of the same owner (the resting order is
   * kept, cancel-newest, so an owner's standing quotes are never disturbed by its own new order),
   * or its next fill would break a transfer rule that is the incoming order's. A resting order
   * whose next fill would break a rule that is its own is cancelled, and matching goes on. Null
   * when it did not stop early.
   */
  private CancelReason match(Order taker, EventSink sink) {
    BookSide opposite = taker.buy ? asks : bids;
    Aggressor aggressor = taker.buy ? Aggressor.BUYER : Aggressor.SELLER;
    while (taker.lots > 0) {
      Level level = opposite.best();
      if (level == null || !(taker.buy ? taker.price >= level.price : taker.price <= level.price)) {
        return null;
      }
      Order maker = level.head;
      if (maker.owner == taker.owner) {
        return CancelReason.SELF_TRADE_PREVENTION;
      }
      long lots = Math.min(taker.lots, maker.lots);
      Account buyer = taker.buy ? taker.account : maker.account;
      Account seller = taker.buy ? maker.account : taker.account;
      ReasonCode breach = ruleBook.fillBreaks(investor(buyer), investor(seller), lots);
      if (breach != null) {
        boolean takerBreaks = (breach == ReasonCode.RULE_LOCKUP) != taker.buy;
        if (takerBreaks) {
          return CancelReason.forRule(breach);
        }
        sink.orderCancelled(maker.id, maker.owner, maker.lots, CancelReason.forRule(breach));
        releaseReservation(maker);
        discard(maker);
        continue;
      }
      if (taker.buy) {
        execute(taker, maker, level.price, lots, aggressor, sink);
      } else {
        execute(maker, taker, level.price, lots, aggressor, sink);
      }
      if (maker.lots == 0) {
        discard(maker);
      }
    }
    return null;
  }

  @Override
  public WindowPhase phase() {
    return phase;
  }

  @Override
  public long holding(long owner) {
    Account a = accounts.get(owner);
    return a == null ? 0 : a.holding;
  }

  @Override
  public long reserved(long owner) {
    Account a = accounts.get(owner);
    return a == null ? 0 : a.reserved;
  }

  @Override
  public long referencePriceTicks() {
    return lastTradePrice > 0 ? lastTradePrice : issuePriceTicks;
  }

  @Override
  public Optional<AuctionIndication> indicativeAuction() {
    if (phase != WindowPhase.CALL || !auction.clear(bids, asks, band, referencePriceTicks())) {
      return Optional.empty();
    }
    return Optional.of(new AuctionIndication(auction.price, auction.volume, auction.surplus));
  }
}
