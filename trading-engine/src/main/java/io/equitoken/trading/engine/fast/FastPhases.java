package io.equitoken.trading.engine.fast;

import io.equitoken.trading.engine.Aggressor;
import io.equitoken.trading.engine.CancelReason;
import io.equitoken.trading.engine.EngineCommand;
import io.equitoken.trading.engine.EngineCommand.CloseWindow;
import io.equitoken.trading.engine.EngineCommand.CreditHolding;
import io.equitoken.trading.engine.EngineCommand.DebitHolding;
import io.equitoken.trading.engine.EngineCommand.OpenWindow;
import io.equitoken.trading.engine.EngineCommand.StartCallPhase;
import io.equitoken.trading.engine.EngineCommand.Uncross;
import io.equitoken.trading.engine.EventSink;
import io.equitoken.trading.engine.Limits;
import io.equitoken.trading.engine.OrderRules;
import io.equitoken.trading.engine.PriceBand;
import io.equitoken.trading.engine.Rejections;
import io.equitoken.trading.engine.RuleBook;
import io.equitoken.trading.engine.RuleBook.Breach;
import io.equitoken.trading.engine.RuleBook.Queued;
import io.equitoken.trading.engine.WindowPhase;
import java.util.ArrayList;
import java.util.List;

/** Holdings and window commands of the fast engine: rare, so written for clarity. */
abstract class FastPhases extends FastBook {

  FastPhases(long issuePriceTicks, int expectedOrders) {
    super(issuePriceTicks, expectedOrders);
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
      Account a = accounts.getOrCreate(c.owner());
      a.holding += c.lots();
      ruleBook.credited(investor(a), c.lots());
      sink.holdingChanged(c.owner(), c.lots(), a.holding);
    } else if (command instanceof DebitHolding d) {
      if (!OrderRules.admitsAmount(d.lots(), sink)) {
        return;
      }
      Account a = accounts.get(d.owner());
      if (available(a) < d.lots()) {
        Rejections.insufficientAvailable(sink, d.owner(), d.lots(), available(a));
        return;
      }
      supply -= d.lots();
      a.holding -= d.lots();
      ruleBook.debited(investor(a), d.lots());
      sink.holdingChanged(d.owner(), -d.lots(), a.holding);
    } else if (command instanceof OpenWindow o) {
      open(o, sink);
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
      removeOutsideBand(bids, sink);
      removeOutsideBand(asks, sink);
      phase = WindowPhase.CONTINUOUS;
      sink.phaseChanged(WindowPhase.CALL, WindowPhase.CONTINUOUS);
    } else if (command instanceof CloseWindow c) {
      close(c.uncross(), sink);
    } else {
      throw new IllegalArgumentException("Unknown command " + command);
    }
  }

  private void open(OpenWindow o, EventSink sink) {
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
  }

  /** Executes the clearing volume at one price, best orders first on both sides. */
  void uncross(EventSink sink) {
    long reference = lastTradePrice > 0 ? lastTradePrice : issuePriceTicks;
    screenAuction(reference, sink);
    if (!auction.clear(bids, asks, band, reference)) {
      sink.auctionNotCleared();
      return;
    }
    long price = auction.price;
    sink.auctionCleared(price, auction.volume, auction.surplus);
    long remaining = auction.volume;
    while (remaining > 0) {
      Order buy = bids.best().head;
      Order sell = asks.best().head;
      long lots = Math.min(remaining, Math.min(buy.lots, sell.lots));
      execute(buy, sell, price, lots, Aggressor.AUCTION, sink);
      remaining -= lots;
      if (buy.lots == 0) {
        discard(buy);
      }
      if (sell.lots == 0) {
        discard(sell);
      }
    }
  }

  /**
   * Before an uncross: while the planned allocation has a fill that would break a rule, cancel the
   * order that fill's rule belongs to (the buy, or the sell for a lock-up) and clear again.
   */
  private void screenAuction(long reference, EventSink sink) {
    if (ruleBook.rules().isNone()) {
      return;
    }
    while (auction.clear(bids, asks, band, reference)) {
      Breach breach =
          ruleBook.screen(
              RuleBook.plan(
                  queue(bids, auction.volume), queue(asks, auction.volume), auction.volume));
      if (breach == null) {
        return;
      }
      Order o =
          index.get(breach.sellerSide() ? breach.fill().sellOrderId() : breach.fill().buyOrderId());
      sink.orderCancelled(o.id, o.owner, o.lots, CancelReason.forRule(breach.code()));
      releaseReservation(o);
      discard(o);
    }
  }

  /** The side's orders in allocation order, as many as cover {@code volume}. */
  private static List<Queued> queue(BookSide side, long volume) {
    List<Queued> queue = new ArrayList<>();
    long covered = 0;
    for (int i = side.size() - 1; i >= 0 && covered < volume; i--) {
      for (Order o = side.at(i).head; o != null && covered < volume; o = o.next) {
        queue.add(new Queued(o.id, o.owner, o.lots));
        covered += o.lots;
      }
    }
    return queue;
  }

  /** Continuous trades happen at resting prices, so nothing may rest outside the band. */
  private void removeOutsideBand(BookSide side, EventSink sink) {
    for (int i = side.size() - 1; i >= 0; i--) {
      Level level = side.at(i);
      if (band.contains(level.price)) {
        continue;
      }
      for (Order o = level.head; o != null; o = level.head) {
        sink.orderCancelled(o.id, o.owner, o.lots, CancelReason.OUTSIDE_BAND);
        releaseReservation(o);
        discard(o);
      }
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
    expireAll(bids, sink);
    expireAll(asks, sink);
    WindowPhase from = phase;
    phase = WindowPhase.CLOSED;
    band = PriceBand.NONE;
    sink.phaseChanged(from, WindowPhase.CLOSED);
  }

  private void expireAll(BookSide side, EventSink sink) {
    for (Level level = side.best(); level != null; level = side.best()) {
      Order o = level.head;
      sink.orderExpired(o.id, o.owner, o.lots);
      releaseReservation(o);
      discard(o);
    }
  }
}
