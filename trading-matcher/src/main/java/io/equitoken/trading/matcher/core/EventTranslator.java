package io.equitoken.trading.matcher.core;

import io.equitoken.platform.events.TimeOrderedIds;
import io.equitoken.trading.engine.CancelReason;
import io.equitoken.trading.engine.EngineEvent;
import io.equitoken.trading.engine.EngineEvent.AuctionCleared;
import io.equitoken.trading.engine.EngineEvent.AuctionNotCleared;
import io.equitoken.trading.engine.EngineEvent.CommandRejected;
import io.equitoken.trading.engine.EngineEvent.HoldingChanged;
import io.equitoken.trading.engine.EngineEvent.OrderAccepted;
import io.equitoken.trading.engine.EngineEvent.OrderAmended;
import io.equitoken.trading.engine.EngineEvent.OrderCancelled;
import io.equitoken.trading.engine.EngineEvent.OrderExpired;
import io.equitoken.trading.engine.EngineEvent.TradeExecuted;
import io.equitoken.trading.engine.EngineEvent.WindowPhaseChanged;
import io.equitoken.trading.engine.ReasonCode;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.WindowPhase;
import io.equitoken.trading.matcher.core.Positions.Position;
import io.equitoken.trading.matcher.core.TokenBook.OrderMeta;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Translates what one engine command did ({@link EngineEvent}s, in lots, ticks and owner numbers)
 * into the contract's events ({@link TradingEvent}s, in tokens, EUR and principal ids), keeping the
 * wrapper's books: fills and notional per order, finished orders, holding sequences. One instance
 * per engine command: it walks the owners' positions and the reference price forward.
 */
final class EventTranslator {

  private static final Logger log = LoggerFactory.getLogger(EventTranslator.class);

  private final TokenBook book;
  private final Out out;
  private final Positions positions;
  private long previousPrice;
  private boolean auction;

  private EventTranslator(TokenBook book, List<EngineEvent> events, long priceBefore, Out out) {
    this.book = book;
    this.out = out;
    this.positions = new Positions(book, events);
    this.previousPrice = priceBefore;
  }

  /** The events of an order, cancel or window command the engine processed. */
  static void translate(TokenBook book, List<EngineEvent> events, long priceBefore, Out out) {
    new EventTranslator(book, events, priceBefore, out).translate(events);
  }

  /**
   * The {@code holding.changed} events of credits and debits (registration, transfers), each with
   * the cause; a refused credit or debit is the caller's to handle and emits nothing.
   */
  static void holdingChanges(
      TokenBook book, List<EngineEvent> events, HoldingCauses causes, Out out) {
    EventTranslator t = new EventTranslator(book, events, 0, out);
    for (EngineEvent e : events) {
      if (e instanceof HoldingChanged h) {
        t.holding(h.owner(), h.deltaLots(), 0, causes.of(h));
      }
    }
  }

  /** The cause of one credit or debit. */
  interface HoldingCauses {
    HoldingCause of(HoldingChanged change);
  }

  private void translate(List<EngineEvent> events) {
    for (EngineEvent e : events) {
      if (e instanceof OrderAccepted a) {
        accepted(a);
      } else if (e instanceof TradeExecuted t) {
        traded(t);
      } else if (e instanceof OrderCancelled x) {
        cancelled(x);
      } else if (e instanceof OrderExpired x) {
        expired(x);
      } else if (e instanceof AuctionCleared a) {
        cleared(a);
      } else if (e instanceof AuctionNotCleared) {
        notCleared();
      } else if (e instanceof WindowPhaseChanged w) {
        if (w.from() == WindowPhase.CALL && w.to() == WindowPhase.CONTINUOUS) {
          auction = false;
        }
      } else if (e instanceof CommandRejected r) {
        log.warn("Engine refused a command of token {}: {}", book.tokenId, r.message());
      } else if (e instanceof HoldingChanged h) {
        throw new IllegalStateException("Unexpected holding change " + h);
      } else if (e instanceof OrderAmended a) {
        throw new IllegalStateException("Unexpected amendment " + a);
      }
    }
  }

  private void accepted(OrderAccepted a) {
    OrderMeta meta = book.openOrders.get(a.orderId());
    out.emit(
        new TradingEvent.OrderAccepted(
            meta.orderId,
            meta.ownerId,
            book.tokenId,
            meta.windowId,
            side(meta.side),
            quantity(a.lots()),
            price(a.priceTicks()),
            out.at()));
    if (a.side() == Side.SELL) {
      holding(
          a.owner(),
          0,
          a.lots(),
          HoldingCause.order("order_reserved", meta.orderId, meta.windowId));
    }
  }

  private void traded(TradeExecuted t) {
    String tradeId = tradeId(book.tokenId, out.at(), t.tradeId());
    OrderMeta buy = book.openOrders.get(t.buyOrderId());
    OrderMeta sell = book.openOrders.get(t.sellOrderId());
    BigDecimal price = book.spec.price(t.priceTicks());
    String windowId = book.windowId;
    out.emit(
        new TradingEvent.TradeExecuted(
            tradeId,
            book.tokenId,
            windowId,
            plain(price),
            quantity(t.lots()),
            buy.ownerId,
            sell.ownerId,
            buy.orderId,
            sell.orderId,
            out.at()));
    filled(buy, t, tradeId, price, t.buyRemainingLots());
    filled(sell, t, tradeId, price, t.sellRemainingLots());
    boolean primary = sell.ownerId.equals(book.issuerId);
    holding(
        t.buyer(),
        t.lots(),
        0,
        HoldingCause.trade(
            primary ? "purchase" : "trade_buy", price, tradeId, buy.orderId, windowId));
    holding(
        t.seller(),
        -t.lots(),
        -t.lots(),
        HoldingCause.trade(
            primary ? "sale" : "trade_sell", price, tradeId, sell.orderId, windowId));
    if (!auction && t.priceTicks() != previousPrice) {
      priceUpdated(t.priceTicks(), "trade", windowId);
    }
    previousPrice = t.priceTicks();
    if (t.buyRemainingLots() == 0) {
      book.finish(buy);
    }
    if (t.sellRemainingLots() == 0) {
      book.finish(sell);
    }
  }

  private void filled(
      OrderMeta meta, TradeExecuted t, String tradeId, BigDecimal price, long remaining) {
    meta.filledLots += t.lots();
    BigDecimal quantity = book.spec.quantity(t.lots());
    meta.notional = meta.notional.add(price.multiply(quantity));
    BigDecimal filled = book.spec.quantity(meta.filledLots);
    out.emit(
        new TradingEvent.OrderFilled(
            meta.orderId,
            meta.ownerId,
            book.tokenId,
            meta.windowId,
            tradeId,
            side(meta.side),
            plain(price),
            plain(quantity),
            plain(filled),
            quantity(remaining),
            plain(meta.notional.divide(filled, 8, RoundingMode.HALF_EVEN)),
            remaining == 0 ? "filled" : "partially_filled",
            out.at()));
  }

  private void cancelled(OrderCancelled x) {
    OrderMeta meta = book.openOrders.get(x.orderId());
    out.emit(
        new TradingEvent.OrderCancelled(
            meta.orderId,
            meta.ownerId,
            book.tokenId,
            meta.windowId,
            quantity(meta.filledLots),
            quantity(x.remainingLots()),
            cancelReason(x.reason()),
            out.at()));
    released(meta, x.owner(), x.remainingLots());
  }

  private void expired(OrderExpired x) {
    OrderMeta meta = book.openOrders.get(x.orderId());
    out.emit(
        new TradingEvent.OrderExpired(
            meta.orderId,
            meta.ownerId,
            book.tokenId,
            meta.windowId,
            quantity(meta.filledLots),
            quantity(x.remainingLots()),
            out.at()));
    released(meta, x.owner(), x.remainingLots());
  }

  /** A finished sell order gives its reserved remainder back; the order leaves the books. */
  private void released(OrderMeta meta, long owner, long remaining) {
    if (meta.side == Side.SELL) {
      holding(
          owner, 0, -remaining, HoldingCause.order("order_released", meta.orderId, meta.windowId));
    }
    book.finish(meta);
  }

  private void cleared(AuctionCleared a) {
    auction = true;
    out.emit(
        new TradingEvent.AuctionResult(
            book.windowId,
            book.tokenId,
            true,
            price(a.priceTicks()),
            quantity(a.volumeLots()),
            quantity(Math.abs(a.surplusLots())),
            imbalanceSide(a.surplusLots()),
            out.at()));
    priceUpdated(a.priceTicks(), "auction_clearing", book.windowId);
  }

  private void notCleared() {
    out.emit(
        new TradingEvent.AuctionResult(
            book.windowId,
            book.tokenId,
            false,
            null,
            BigDecimal.ZERO,
            BigDecimal.ZERO,
            "none",
            out.at()));
  }

  private void priceUpdated(long priceTicks, String reason, String windowId) {
    out.emit(
        new TradingEvent.PriceUpdated(
            book.tokenId,
            price(priceTicks),
            previousPrice > 0 ? price(previousPrice) : null,
            reason,
            windowId,
            out.at()));
    previousPrice = priceTicks;
  }

  /** Moves the owner's position and states it: holding, available quantity, the change, why. */
  private void holding(long owner, long deltaLots, long reservedLots, HoldingCause cause) {
    Position p = positions.move(owner, deltaLots, reservedLots);
    String principal = book.principal(owner);
    out.emit(
        new TradingEvent.HoldingChanged(
            principal,
            book.tokenId,
            book.nextSequence(principal),
            quantity(p.holdingLots()),
            quantity(p.availableLots()),
            quantity(deltaLots),
            cause.reason(),
            cause.price() == null ? null : plain(cause.price()),
            cause.tradeId(),
            cause.orderId(),
            cause.transferId(),
            cause.windowId(),
            out.at()));
  }

  private BigDecimal quantity(long lots) {
    return plain(book.spec.quantity(lots));
  }

  private BigDecimal price(long ticks) {
    return plain(book.spec.price(ticks));
  }

  /**
   * The trade's id: the same in every replay, ordered by the time of the command that made it (a
   * version 8 UUID of that millisecond and {@code trade|<tokenId>|<engine trade id>}).
   */
  static String tradeId(String tokenId, Instant at, long engineTradeId) {
    return TimeOrderedIds.named(at.toEpochMilli(), "trade|" + tokenId + "|" + engineTradeId)
        .toString();
  }

  static String side(Side side) {
    return side == Side.BUY ? "buy" : "sell";
  }

  static String imbalanceSide(long surplus) {
    return surplus > 0 ? "buy" : surplus < 0 ? "sell" : "none";
  }

  private static String cancelReason(CancelReason reason) {
    return switch (reason) {
      case OWNER_REQUEST -> "requested";
      case SELF_TRADE_PREVENTION -> "self_trade_prevention";
      case IMMEDIATE_OR_CANCEL_REMAINDER -> "immediate_or_cancel_remainder";
      case OUTSIDE_BAND -> "outside_band";
      case MARKET_HALTED -> ReasonCode.MARKET_HALTED.code();
      case INVESTOR_FROZEN -> ReasonCode.INVESTOR_FROZEN.code();
      case RULE_MAX_HOLDERS,
          RULE_MAX_NON_ACCREDITED_HOLDERS,
          RULE_ACCREDITED_ONLY,
          RULE_JURISDICTION,
          RULE_MAX_HOLDING,
          RULE_LOCKUP ->
          reason.ruleCode().code();
    };
  }

  /** Plain decimal without trailing zeros (13.10 → 13.1, 1E+2 → 100). */
  static BigDecimal plain(BigDecimal value) {
    BigDecimal s = value.stripTrailingZeros();
    return s.scale() < 0 ? s.setScale(0) : s;
  }
}
