package io.equitoken.trading.engine.reference;

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
import io.equitoken.trading.engine.RuleBook;
import io.equitoken.trading.engine.RuleBook.Breach;
import io.equitoken.trading.engine.RuleBook.Queued;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.TimeInForce;
import io.equitoken.trading.engine.WindowPhase;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The obviously-correct engine: a flat list of orders scanned on every step. Slow by design; it is
 * the oracle the fast engine is compared with, event for event.
 */
public final class ReferenceMatchingEngine extends ReferenceState implements MatchingEngine {

  public ReferenceMatchingEngine(long issuePriceTicks) {
    super(issuePriceTicks);
  }

  public static ReferenceMatchingEngine restore(EngineState state) {
    ReferenceMatchingEngine engine = new ReferenceMatchingEngine(state.issuePriceTicks());
    engine.load(state);
    return engine;
  }

  @Override
  public void process(EngineCommand command, EventSink sink) {
    if (ruleBook.apply(command)) {
      return;
    }
    if (command instanceof PlaceOrder p) {
      place(p, sink);
    } else if (command instanceof AmendOrder a) {
      amend(a, sink);
    } else if (command instanceof CancelOrder c) {
      cancel(c, sink);
    } else {
      processAdministrative(command, sink);
    }
  }

  @Override
  public Optional<AuctionIndication> indicativeAuction() {
    return phase == WindowPhase.CALL
        ? ReferenceAuction.clear(orders, band, referencePriceTicks())
        : Optional.empty();
  }

  private void place(PlaceOrder p, EventSink sink) {
    if (!OrderRules.admitsPlacement(phase, band, p, sink)) {
      return;
    }
    if (find(p.orderId()) != null) {
      Rejections.orderIdInUse(sink, p.orderId());
      return;
    }
    if (p.side() == Side.SELL && available(p.owner()) < p.lots()) {
      Rejections.insufficientAvailable(sink, p.owner(), p.lots(), available(p.owner()));
      return;
    }
    if (phase == WindowPhase.CALL && crossesOwnOrder(p.owner(), p.side(), p.priceTicks())) {
      Rejections.wouldSelfTrade(sink, p.owner());
      return;
    }
    long exposure = p.side() == Side.BUY ? openBuyLots(p.owner()) + p.lots() : 0;
    ReasonCode rule =
        ruleBook.admits(investor(p.owner()), p.side(), p.lots(), exposure, reserved(p.owner()));
    if (rule != null) {
      Rejections.rule(sink, rule, ruleBook.rules(), p.owner(), p.lots());
      return;
    }
    sink.orderAccepted(p.orderId(), p.owner(), p.side(), p.priceTicks(), p.lots(), p.timeInForce());
    if (p.side() == Side.SELL) {
      account(p.owner()).reserved += p.lots();
    }
    RefOrder order = new RefOrder(p.orderId(), p.owner(), p.side(), p.priceTicks(), p.lots(), 0);
    enter(order, p.timeInForce() == TimeInForce.IMMEDIATE_OR_CANCEL, sink);
  }

  private void amend(AmendOrder a, EventSink sink) {
    if (phase == WindowPhase.CLOSED) {
      Rejections.windowNotOpen(sink);
      return;
    }
    RefOrder order = find(a.orderId());
    if (order == null) {
      Rejections.orderUnknown(sink, a.orderId());
      return;
    }
    if (order.owner != a.owner()) {
      Rejections.orderNotOwned(sink, a.orderId(), a.owner());
      return;
    }
    if (!OrderRules.admitsValues(phase, band, a.priceTicks(), a.lots(), sink)) {
      return;
    }
    boolean samePrice = a.priceTicks() == order.price;
    if (samePrice && a.lots() == order.lots) {
      Rejections.amendNoChange(sink, a.orderId());
      return;
    }
    long increase = a.lots() - order.lots;
    if (order.side == Side.SELL && increase > 0 && available(order.owner) < increase) {
      Rejections.insufficientAvailable(sink, order.owner, increase, available(order.owner));
      return;
    }
    if (phase == WindowPhase.CALL
        && !samePrice
        && crossesOwnOrder(order.owner, order.side, a.priceTicks())) {
      Rejections.wouldSelfTrade(sink, order.owner);
      return;
    }
    ReasonCode rule =
        increase > 0
            ? ruleBook.admits(
                investor(order.owner),
                order.side,
                a.lots(),
                order.side == Side.BUY ? openBuyLots(order.owner) + increase : 0,
                reserved(order.owner) - (order.side == Side.SELL ? order.lots : 0))
            : ruleBook.admitsSize(a.lots());
    if (rule != null) {
      Rejections.rule(sink, rule, ruleBook.rules(), order.owner, a.lots());
      return;
    }
    if (order.side == Side.SELL) {
      account(order.owner).reserved += increase;
    }
    boolean keepsPriority = samePrice && increase < 0;
    sink.orderAmended(order.id, order.owner, a.priceTicks(), a.lots(), keepsPriority);
    order.price = a.priceTicks();
    order.lots = a.lots();
    if (!keepsPriority) {
      orders.remove(order);
      enter(order, false, sink);
    }
  }

  /** Match an arriving (or re-queued) order if continuous, then rest or cancel what is left. */
  private void enter(RefOrder order, boolean immediateOrCancel, EventSink sink) {
    order.seq = nextSeq++;
    CancelReason stopped = phase == WindowPhase.CONTINUOUS ? matchContinuously(order, sink) : null;
    if (order.lots == 0) {
      return;
    }
    if (stopped != null || immediateOrCancel) {
      release(order);
      sink.orderCancelled(
          order.id,
          order.owner,
          order.lots,
          stopped != null ? stopped : CancelReason.IMMEDIATE_OR_CANCEL_REMAINDER);
      return;
    }
    orders.add(order);
  }

  /**
   * Why matching stopped early, the taker's remainder to be cancelled: it met an order of the same
   * owner, or its next fill would break a rule that is the taker's. A resting order whose next fill
   * would break a rule that is its own is cancelled, and matching goes on. Null otherwise.
   */
  private CancelReason matchContinuously(RefOrder taker, EventSink sink) {
    while (taker.lots > 0) {
      RefOrder best =
          orders.stream()
              .filter(o -> o.side != taker.side)
              .min(RefOrder.priority(taker.side.opposite()))
              .orElse(null);
      if (best == null || !taker.crosses(best.price)) {
        return null;
      }
      if (best.owner == taker.owner) {
        return CancelReason.SELF_TRADE_PREVENTION;
      }
      long lots = Math.min(taker.lots, best.lots);
      RefOrder buyer = taker.side == Side.BUY ? taker : best;
      RefOrder seller = taker.side == Side.BUY ? best : taker;
      ReasonCode breach = ruleBook.fillBreaks(investor(buyer.owner), investor(seller.owner), lots);
      if (breach != null) {
        RefOrder offender = breach == ReasonCode.RULE_LOCKUP ? seller : buyer;
        if (offender == taker) {
          return CancelReason.forRule(breach);
        }
        orders.remove(best);
        release(best);
        sink.orderCancelled(best.id, best.owner, best.lots, CancelReason.forRule(breach));
        continue;
      }
      Aggressor aggressor = taker.side == Side.BUY ? Aggressor.BUYER : Aggressor.SELLER;
      if (taker.side == Side.BUY) {
        execute(taker, best, best.price, lots, aggressor, sink);
      } else {
        execute(best, taker, best.price, lots, aggressor, sink);
      }
    }
    return null;
  }

  private void cancel(CancelOrder c, EventSink sink) {
    if (phase == WindowPhase.CLOSED) {
      Rejections.windowNotOpen(sink);
      return;
    }
    RefOrder order = find(c.orderId());
    if (order == null) {
      Rejections.orderUnknown(sink, c.orderId());
      return;
    }
    if (order.owner != c.owner()) {
      Rejections.orderNotOwned(sink, c.orderId(), c.owner());
      return;
    }
    orders.remove(order);
    release(order);
    sink.orderCancelled(order.id, order.owner, order.lots, c.reason());
  }

  @Override
  protected void uncross(EventSink sink) {
    screenAuction(sink);
    Optional<AuctionIndication> result =
        ReferenceAuction.clear(orders, band, referencePriceTicks());
    if (result.isEmpty()) {
      sink.auctionNotCleared();
      return;
    }
    AuctionIndication clearing = result.get();
    sink.auctionCleared(clearing.priceTicks(), clearing.volumeLots(), clearing.surplusLots());
    long price = clearing.priceTicks();
    List<RefOrder> buys = executable(Side.BUY, price);
    List<RefOrder> sells = executable(Side.SELL, price);
    long remaining = clearing.volumeLots();
    int b = 0;
    int s = 0;
    while (remaining > 0) {
      RefOrder buy = buys.get(b);
      RefOrder sell = sells.get(s);
      long lots = Math.min(remaining, Math.min(buy.lots, sell.lots));
      execute(buy, sell, price, lots, Aggressor.AUCTION, sink);
      remaining -= lots;
      b += buy.lots == 0 ? 1 : 0;
      s += sell.lots == 0 ? 1 : 0;
    }
  }

  /**
   * Before an uncross: while the planned allocation has a fill that would break a rule, cancel the
   * order that fill's rule belongs to (the buy, or the sell for a lock-up) and clear again.
   */
  private void screenAuction(EventSink sink) {
    while (true) {
      Optional<AuctionIndication> result =
          ReferenceAuction.clear(orders, band, referencePriceTicks());
      if (result.isEmpty()) {
        return;
      }
      long price = result.get().priceTicks();
      Breach breach =
          ruleBook.screen(
              RuleBook.plan(
                  queue(executable(Side.BUY, price)),
                  queue(executable(Side.SELL, price)),
                  result.get().volumeLots()));
      if (breach == null) {
        return;
      }
      RefOrder o =
          find(breach.sellerSide() ? breach.fill().sellOrderId() : breach.fill().buyOrderId());
      orders.remove(o);
      release(o);
      sink.orderCancelled(o.id, o.owner, o.lots, CancelReason.forRule(breach.code()));
    }
  }

  private static List<Queued> queue(List<RefOrder> orders) {
    return orders.stream().map(o -> new Queued(o.id, o.owner, o.lots)).toList();
  }

  private List<RefOrder> executable(Side side, long price) {
    return orders.stream()
        .filter(o -> o.side == side && o.crosses(price))
        .sorted(RefOrder.priority(side))
        .collect(Collectors.toList());
  }
}
