package io.equitoken.trading.engine.reference;

import io.equitoken.trading.engine.Aggressor;
import io.equitoken.trading.engine.CancelReason;
import io.equitoken.trading.engine.EngineCommand;
import io.equitoken.trading.engine.EngineCommand.CloseWindow;
import io.equitoken.trading.engine.EngineCommand.CreditHolding;
import io.equitoken.trading.engine.EngineCommand.DebitHolding;
import io.equitoken.trading.engine.EngineCommand.OpenWindow;
import io.equitoken.trading.engine.EngineCommand.StartCallPhase;
import io.equitoken.trading.engine.EngineCommand.Uncross;
import io.equitoken.trading.engine.EngineState;
import io.equitoken.trading.engine.EngineState.Holding;
import io.equitoken.trading.engine.EngineState.RestingOrder;
import io.equitoken.trading.engine.EventSink;
import io.equitoken.trading.engine.Limits;
import io.equitoken.trading.engine.OrderRules;
import io.equitoken.trading.engine.PriceBand;
import io.equitoken.trading.engine.Rejections;
import io.equitoken.trading.engine.RuleBook;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.WindowPhase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** State, positions, window phases and snapshots of the reference engine. */
abstract class ReferenceState {
  /** Mutable position of one owner. */
  static final class Account {
    long holding;
    long reserved;
  }

  private final long issuePriceTicks;
  final List<RefOrder> orders = new ArrayList<>();
  final Map<Long, Account> accounts = new TreeMap<>();
  WindowPhase phase = WindowPhase.CLOSED;
  PriceBand band = PriceBand.NONE;
  long lastTradePrice;
  long lastTradeId;
  long nextSeq = 1;
  long supply;
  final RuleBook ruleBook = new RuleBook();

  ReferenceState(long issuePriceTicks) {
    this.issuePriceTicks = issuePriceTicks;
  }

  protected abstract void uncross(EventSink sink);

  public WindowPhase phase() {
    return phase;
  }

  public long holding(long owner) {
    Account a = accounts.get(owner);
    return a == null ? 0 : a.holding;
  }

  public long reserved(long owner) {
    Account a = accounts.get(owner);
    return a == null ? 0 : a.reserved;
  }

  public long available(long owner) {
    return holding(owner) - reserved(owner);
  }

  public long referencePriceTicks() {
    return lastTradePrice > 0 ? lastTradePrice : issuePriceTicks;
  }

  Account account(long owner) {
    return accounts.computeIfAbsent(owner, o -> new Account());
  }

  RuleBook.Investor investor(long owner) {
    return ruleBook.investor(owner);
  }

  /** Lots of the owner's resting buy orders. */
  long openBuyLots(long owner) {
    return orders.stream()
        .filter(o -> o.owner == owner && o.side == Side.BUY)
        .mapToLong(o -> o.lots)
        .sum();
  }

  RefOrder find(long orderId) {
    return orders.stream().filter(o -> o.id == orderId).findFirst().orElse(null);
  }

  /** In the call phase nothing stops an owner's buy and sell from meeting, so refuse it upfront. */
  boolean crossesOwnOrder(long owner, Side side, long price) {
    return orders.stream()
        .anyMatch(o -> o.owner == owner && o.side != side && crossing(side, price, o.price));
  }

  private static boolean crossing(Side side, long price, long otherPrice) {
    return side == Side.BUY ? price >= otherPrice : price <= otherPrice;
  }

  void release(RefOrder order) {
    if (order.side == Side.SELL) {
      account(order.owner).reserved -= order.lots;
    }
  }

  void execute(RefOrder buy, RefOrder sell, long price, long lots, Aggressor who, EventSink sink) {
    buy.lots -= lots;
    sell.lots -= lots;
    account(buy.owner).holding += lots;
    ruleBook.traded(investor(buy.owner), investor(sell.owner), lots);
    Account seller = account(sell.owner);
    seller.holding -= lots;
    seller.reserved -= lots;
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
    orders.removeIf(o -> o.lots == 0);
  }

  void processAdministrative(EngineCommand command, EventSink sink) {
    if (command instanceof CreditHolding c) {
      if (!OrderRules.admitsAmount(c.lots(), sink)) {
        return;
      }
      if (supply + c.lots() > Limits.MAX_SUPPLY_LOTS) {
        Rejections.supplyLimit(sink, supply, c.lots());
        return;
      }
      supply += c.lots();
      Account a = account(c.owner());
      a.holding += c.lots();
      ruleBook.credited(investor(c.owner()), c.lots());
      sink.holdingChanged(c.owner(), c.lots(), a.holding);
    } else if (command instanceof DebitHolding d) {
      if (!OrderRules.admitsAmount(d.lots(), sink)) {
        return;
      }
      if (available(d.owner()) < d.lots()) {
        Rejections.insufficientAvailable(sink, d.owner(), d.lots(), available(d.owner()));
        return;
      }
      supply -= d.lots();
      Account a = account(d.owner());
      a.holding -= d.lots();
      ruleBook.debited(investor(d.owner()), d.lots());
      sink.holdingChanged(d.owner(), -d.lots(), a.holding);
    } else if (command instanceof OpenWindow o) {
      if (phase != WindowPhase.CLOSED) {
        Rejections.windowAlreadyOpen(sink, phase);
      } else if (o.phase() == WindowPhase.CLOSED) {
        Rejections.invalidOpeningPhase(sink);
      } else if (!o.band().isValid()) {
        Rejections.invalidBand(sink, o.band());
      } else {
        phase = o.phase();
        band = o.band();
        sink.phaseChanged(WindowPhase.CLOSED, phase);
      }
    } else if (command instanceof StartCallPhase) {
      if (phase != WindowPhase.CONTINUOUS) {
        Rejections.windowNotContinuous(sink, phase);
        return;
      }
      phase = WindowPhase.CALL;
      sink.phaseChanged(WindowPhase.CONTINUOUS, WindowPhase.CALL);
    } else if (command instanceof Uncross) {
      if (phase != WindowPhase.CALL) {
        Rejections.windowNotInCall(sink, phase);
        return;
      }
      uncross(sink);
      for (RefOrder o : inPriorityOrder()) {
        if (!band.contains(o.price)) {
          orders.remove(o);
          release(o);
          sink.orderCancelled(o.id, o.owner, o.lots, CancelReason.OUTSIDE_BAND);
        }
      }
      phase = WindowPhase.CONTINUOUS;
      sink.phaseChanged(WindowPhase.CALL, WindowPhase.CONTINUOUS);
    } else if (command instanceof CloseWindow c) {
      close(c.uncross(), sink);
    } else {
      throw new IllegalArgumentException("Unknown command " + command);
    }
  }

  private void close(boolean uncross, EventSink sink) {
    if (phase == WindowPhase.CLOSED) {
      Rejections.windowNotOpen(sink);
      return;
    }
    if (phase == WindowPhase.CALL && uncross) {
      uncross(sink);
    }
    for (RefOrder o : inPriorityOrder()) {
      orders.remove(o);
      release(o);
      sink.orderExpired(o.id, o.owner, o.lots);
    }
    WindowPhase from = phase;
    phase = WindowPhase.CLOSED;
    band = PriceBand.NONE;
    sink.phaseChanged(from, WindowPhase.CLOSED);
  }

  /** Bids best first, then asks best first: the canonical order of snapshots and expiry. */
  List<RefOrder> inPriorityOrder() {
    List<RefOrder> result = new ArrayList<>(sorted(Side.BUY));
    result.addAll(sorted(Side.SELL));
    return result;
  }

  private List<RefOrder> sorted(Side side) {
    return orders.stream().filter(o -> o.side == side).sorted(RefOrder.priority(side)).toList();
  }

  public EngineState snapshot() {
    List<Holding> holdings = new ArrayList<>();
    accounts.forEach(
        (owner, a) -> {
          if (a.holding != 0 || a.reserved != 0) {
            holdings.add(new Holding(owner, a.holding, a.reserved));
          }
        });
    return new EngineState(
        issuePriceTicks,
        phase,
        band,
        lastTradePrice,
        lastTradeId,
        holdings,
        sorted(Side.BUY).stream().map(ReferenceState::resting).toList(),
        sorted(Side.SELL).stream().map(ReferenceState::resting).toList(),
        ruleBook.snapshot());
  }

  private static RestingOrder resting(RefOrder o) {
    return new RestingOrder(o.id, o.owner, o.price, o.lots);
  }

  void load(EngineState s) {
    phase = s.phase();
    band = s.band();
    lastTradePrice = s.lastTradePriceTicks();
    lastTradeId = s.lastTradeId();
    for (Holding h : s.holdings()) {
      Account a = account(h.owner());
      a.holding = h.lots();
      a.reserved = h.reservedLots();
      supply += h.lots();
    }
    ruleBook.load(s.rules(), s.holdingLots());
    for (RestingOrder o : s.bids()) {
      orders.add(
          new RefOrder(o.orderId(), o.owner(), Side.BUY, o.priceTicks(), o.lots(), nextSeq++));
    }
    for (RestingOrder o : s.asks()) {
      orders.add(
          new RefOrder(o.orderId(), o.owner(), Side.SELL, o.priceTicks(), o.lots(), nextSeq++));
    }
  }
}
