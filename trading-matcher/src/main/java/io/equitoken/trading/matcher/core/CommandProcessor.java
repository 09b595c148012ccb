package io.equitoken.trading.matcher;

import io.equitoken.trading.engine.AuctionIndication;
import io.equitoken.trading.engine.CancelReason;
import io.equitoken.trading.engine.EngineCommand;
import io.equitoken.trading.engine.EngineEvent;
import io.equitoken.trading.engine.EngineEvent.AuctionCleared;
import io.equitoken.trading.engine.EngineEvent.AuctionNotCleared;
import io.equitoken.trading.engine.EngineEvent.CommandRejected;
import io.equitoken.trading.engine.EngineEvent.HoldingChanged;
import io.equitoken.trading.engine.EngineEvent.OrderAccepted;
import io.equitoken.trading.engine.EngineEvent.OrderCancelled;
import io.equitoken.trading.engine.EngineEvent.OrderExpired;
import io.equitoken.trading.engine.EngineEvent.TradeExecuted;
import io.equitoken.trading.engine.Limits;
import io.equitoken.trading.engine.PriceBand;
import io.equitoken.trading.engine.ReasonCode;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.TimeInForce;
import io.equitoken.trading.engine.TokenSpec;
import io.equitoken.trading.engine.TokenSpec.OffGridInputException;
import io.equitoken.trading.engine.WindowPhase;
import io.equitoken.trading.matcher.MatcherCommand.CancelOrder;
import io.equitoken.trading.matcher.MatcherCommand.CloseWindow;
import io.equitoken.trading.matcher.MatcherCommand.Indicate;
import io.equitoken.trading.matcher.MatcherCommand.OpenWindow;
import io.equitoken.trading.matcher.MatcherCommand.PlaceOrder;
import io.equitoken.trading.matcher.MatcherCommand.RegisterToken;
import io.equitoken.trading.matcher.MatcherCommand.StartCallPhase;
import io.equitoken.trading.matcher.MatcherCommand.Transfer;
import io.equitoken.trading.matcher.TokenBook.OrderMeta;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The matcher's logic for the tokens of one partition, without Kafka: applies a command to the
 * token's engine and translates the engine's events into the contract's events. Deterministic: the
 * same command sequence gives the same events (ids included) and the same state, whichever {@link
 * EngineFactory} backs the tokens. Not thread-safe (one writer per partition).
 */
public final class CommandProcessor {

  private static final Logger log = LoggerFactory.getLogger(CommandProcessor.class);
  private static final String PREFIX = "equitoken.trading.";
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private final EngineFactory engines;
  private final Map<String, TokenBook> tokens = new HashMap<>();

  public CommandProcessor(EngineFactory engines) {
    this.engines = engines;
  }

  /** Applies one command and answers the events to publish (empty for an ignored duplicate). */
  public List<MatcherEvent> apply(MatcherCommand command) {
    TokenBook book = tokens.get(command.tokenId());
    Out out = new Out(command);
    if (book != null && book.seen(command.commandId())) {
      return List.of();
    }
    if (command instanceof RegisterToken c) {
      register(book, c, out);
    } else if (command instanceof PlaceOrder c) {
      place(book, c, out);
    } else if (command instanceof CancelOrder c) {
      cancel(book, c, out);
    } else if (command instanceof Transfer c) {
      transfer(book, c, out);
    } else if (command instanceof OpenWindow c) {
      open(book, c, out);
    } else if (command instanceof StartCallPhase c) {
      callPhase(book, c);
    } else if (command instanceof Indicate c) {
      indicate(book, c, out);
    } else if (command instanceof CloseWindow c) {
      close(book, c, out);
    }
    return out.events;
  }

  public Set<String> tokenIds() {
    return tokens.keySet();
  }

  /** Per token, the engine's state hash (for comparison with a clean replay). */
  public Map<String, Long> stateHashes() {
    Map<String, Long> hashes = new TreeMap<>();
    tokens.forEach((id, b) -> hashes.put(id, b.engine.stateHash()));
    return hashes;
  }

  /** Per token: is the sum of every holding equal to the registered supply? */
  public Map<String, Boolean> conservation() {
    Map<String, Boolean> result = new TreeMap<>();
    tokens.forEach(
        (id, b) -> result.put(id, b.engine.snapshot().totalHoldingLots() == b.supplyLots));
    return result;
  }

  /** Per token, the principal ids with their holding and available quantity (tests, replays). */
  public Map<String, Map<String, BigDecimal[]>> positions() {
    Map<String, Map<String, BigDecimal[]>> result = new TreeMap<>();
    tokens.forEach(
        (id, b) -> {
          Map<String, BigDecimal[]> owners = new TreeMap<>();
          for (int i = 1; i <= b.owners.size(); i++) {
            owners.put(
                b.principal(i),
                new BigDecimal[] {
                  b.spec.quantity(b.engine.holding(i)), b.spec.quantity(b.engine.available(i))
                });
          }
          result.put(id, owners);
        });
    return result;
  }

  /** The token's book, or null; package-private for snapshots and tests. */
  TokenBook book(String tokenId) {
    return tokens.get(tokenId);
  }

  void put(TokenBook book) {
    tokens.put(book.tokenId, book);
  }

  // ---- commands ------------------------------------------------------------------------------

  private void register(TokenBook existing, RegisterToken c, Out out) {
    if (existing != null) {
      return; // a repeated registration
    }
    TokenSpec spec;
    long supplyLots;
    long issueTicks;
    try {
      spec = new TokenSpec(c.tickSize(), c.lotSize(), c.issuePrice());
      supplyLots = spec.toLots(c.supply());
      issueTicks = spec.issuePriceTicks();
    } catch (IllegalArgumentException e) {
      log.warn(
          "Ignoring token.register {} of token {}: {}", c.commandId(), c.tokenId(), e.getMessage());
      return;
    }
    TokenBook book = new TokenBook(c.tokenId(), c.issuerId(), spec, engines.create(issueTicks));
    tokens.put(c.tokenId(), book);
    book.seen(c.commandId());
    book.supplyLots = supplyLots;
    long issuer = book.owner(c.issuerId());
    List<EngineEvent> events =
        book.engine.process(new EngineCommand.CreditHolding(issuer, supplyLots));
    Positions positions = new Positions(book, events);
    for (EngineEvent e : events) {
      if (e instanceof HoldingChanged h) {
        positions.holding(h.owner(), h.deltaLots());
        out.holding(
            book,
            positions,
            h.owner(),
            h.deltaLots(),
            "issuance",
            spec.issuePrice(),
            null,
            null,
            null,
            null);
      } else if (e instanceof CommandRejected r) {
        tokens.remove(c.tokenId());
        log.warn("Token {} not registered: {}", c.tokenId(), r.message());
      }
    }
  }

  private void place(TokenBook book, PlaceOrder c, Out out) {
    if (book == null) {
      out.orderRejected(
          c,
          "token.unknown",
          "Expected token " + c.tokenId() + " to be registered with the matcher, but it is not");
      return;
    }
    if (!book.knownOrders.add(c.orderId())) {
      return; // the same order again: never a second one
    }
    if (book.windowId == null || !book.windowId.equals(c.windowId())) {
      out.orderRejected(
          c,
          ReasonCode.WINDOW_CLOSED.code(),
          "Expected window "
              + c.windowId()
              + " to be open for token "
              + c.tokenId()
              + ", but "
              + (book.windowId == null ? "no window is open" : "window " + book.windowId + " is"));
      return;
    }
    long lots;
    long ticks;
    try {
      lots = book.spec.toLots(c.quantity());
      ticks = book.spec.toTicks(c.limitPrice());
    } catch (OffGridInputException e) {
      out.orderRejected(c, e.code().code(), e.getMessage());
      return;
    }
    Side side = c.side().equals("buy") ? Side.BUY : Side.SELL;
    long owner = book.owner(c.ownerId());
    long number = ++book.lastOrderNumber;
    OrderMeta meta = new OrderMeta(c.orderId(), number, c.ownerId(), side, c.windowId(), lots);
    book.openOrder(meta);
    long priceBefore = book.engine.referencePriceTicks();
    List<EngineEvent> events =
        book.engine.process(
            new EngineCommand.PlaceOrder(
                number, owner, side, ticks, lots, TimeInForce.GOOD_TILL_WINDOW_CLOSE));
    if (events.size() == 1 && events.get(0) instanceof CommandRejected r) {
      book.finish(meta);
      out.orderRejected(c, r.code().code(), r.message());
      return;
    }
    translate(book, events, priceBefore, out);
  }

  private void cancel(TokenBook book, CancelOrder c, Out out) {
    if (book == null) {
      return;
    }
    Long number = book.openOrderNumbers.get(c.orderId());
    if (number == null) {
      return; // unknown or already final: nothing to cancel
    }
    OrderMeta meta = book.openOrders.get(number);
    if (!meta.ownerId.equals(c.ownerId())) {
      log.debug(
          "Ignoring order.cancel {}: order {} belongs to someone else", c.commandId(), c.orderId());
      return;
    }
    long priceBefore = book.engine.referencePriceTicks();
    List<EngineEvent> events =
        book.engine.process(new EngineCommand.CancelOrder(number, book.owner(c.ownerId())));
    translate(book, events, priceBefore, out);
  }

  private void transfer(TokenBook book, Transfer c, Out out) {
    if (book == null) {
      out.transferRejected(
          c,
          null,
          "token.unknown",
          "Expected token " + c.tokenId() + " to be registered with the matcher, but it is not");
      return;
    }
    if (!book.knownTransfers.add(c.transferId())) {
      return;
    }
    long lots;
    try {
      lots = book.spec.toLots(c.quantity());
    } catch (OffGridInputException e) {
      out.transferRejected(c, book, e.code().code(), e.getMessage());
      return;
    }
    if (c.fromId().equals(c.toId())) {
      out.transferRejected(
          c,
          book,
          "transfer.same_holder",
          "Expected two different holders, but both are " + c.fromId());
      return;
    }
    long from = book.knownOwner(c.fromId());
    if (from == 0) {
      out.transferRejected(
          c,
          book,
          ReasonCode.POSITION_INSUFFICIENT_AVAILABLE.code(),
          "Expected " + c.fromId() + " to hold the token, but they hold none");
      return;
    }
    List<EngineEvent> debit = book.engine.process(new EngineCommand.DebitHolding(from, lots));
    if (debit.size() == 1 && debit.get(0) instanceof CommandRejected r) {
      out.transferRejected(c, book, r.code().code(), r.message());
      return;
    }
    long to = book.owner(c.toId());
    List<EngineEvent> credit = book.engine.process(new EngineCommand.CreditHolding(to, lots));
    List<EngineEvent> all = new ArrayList<>(debit);
    all.addAll(credit);
    Positions positions = new Positions(book, all);
    ObjectNode d = F.objectNode();
    d.put("transferId", c.transferId());
    d.put("tokenId", c.tokenId());
    d.put("fromId", c.fromId());
    d.put("toId", c.toId());
    d.put("quantity", plain(book.spec.quantity(lots)));
    d.put("reason", c.reason());
    d.put("requestedBy", c.requestedBy());
    d.put("executedAt", c.at().toString());
    out.emit("transfer.executed", d);
    for (EngineEvent e : all) {
      if (e instanceof HoldingChanged h) {
        positions.holding(h.owner(), h.deltaLots());
        out.holding(
            book,
            positions,
            h.owner(),
            h.deltaLots(),
            h.deltaLots() < 0 ? "transfer_out" : "transfer_in",
            null,
            null,
            null,
            c.transferId(),
            null);
      } else if (e instanceof CommandRejected r) {
        throw new IllegalStateException("Credit of a transfer refused: " + r.message());
      }
    }
  }

  private void open(TokenBook book, OpenWindow c, Out out) {
    if (book == null) {
      log.warn("Ignoring window.open {}: token {} is not registered", c.commandId(), c.tokenId());
      return;
    }
    if (!book.knownWindows.add(c.windowId())) {
      return; // opened before: a late duplicate must not reopen it
    }
    WindowPhase phase = c.phase().equals("call") ? WindowPhase.CALL : WindowPhase.CONTINUOUS;
    PriceBand band = band(book.engine.referencePriceTicks(), c.priceBand());
    List<EngineEvent> events = book.engine.process(new EngineCommand.OpenWindow(phase, band));
    if (!events.isEmpty() && events.get(0) instanceof CommandRejected r) {
      log.debug("window.open {} of token {} refused: {}", c.commandId(), c.tokenId(), r.message());
      return;
    }
    book.windowId = c.windowId();
    book.lastIndicative = null;
    translate(book, events, book.engine.referencePriceTicks(), out);
  }

  /** Percent around the reference price, rounded inwards onto ticks; null = no band. */
  static PriceBand band(long referenceTicks, BigDecimal percent) {
    if (percent == null) {
      return PriceBand.NONE;
    }
    BigDecimal ref = BigDecimal.valueOf(referenceTicks);
    BigDecimal fraction = percent.movePointLeft(2);
    long low =
        ref.multiply(BigDecimal.ONE.subtract(fraction))
            .setScale(0, RoundingMode.CEILING)
            .longValue();
    long high =
        ref.multiply(BigDecimal.ONE.add(fraction)).setScale(0, RoundingMode.FLOOR).longValue();
    return new PriceBand(
        Math.max(1, low), Math.min(Limits.MAX_PRICE_TICKS, Math.max(high, Math.max(1, low))));
  }

  private void callPhase(TokenBook book, StartCallPhase c) {
    if (book == null || !c.windowId().equals(book.windowId)) {
      return;
    }
    List<EngineEvent> events = book.engine.process(new EngineCommand.StartCallPhase());
    if (!events.isEmpty() && events.get(0) instanceof CommandRejected r) {
      log.debug(
          "window.call-phase {} of token {} refused: {}", c.commandId(), c.tokenId(), r.message());
    }
  }

  private void indicate(TokenBook book, Indicate c, Out out) {
    if (book == null
        || !c.windowId().equals(book.windowId)
        || book.engine.phase() != WindowPhase.CALL) {
      return;
    }
    Optional<AuctionIndication> indication = book.engine.indicativeAuction();
    String signature =
        indication
            .map(i -> i.priceTicks() + "/" + i.volumeLots() + "/" + i.surplusLots())
            .orElse("none");
    if (signature.equals(book.lastIndicative)
        || (book.lastIndicative == null && indication.isEmpty())) {
      return;
    }
    book.lastIndicative = signature;
    ObjectNode d = F.objectNode();
    d.put("windowId", c.windowId());
    d.put("tokenId", c.tokenId());
    if (indication.isPresent()) {
      AuctionIndication i = indication.get();
      d.put("indicativePrice", plain(book.spec.price(i.priceTicks())));
      d.put("indicativeVolume", plain(book.spec.quantity(i.volumeLots())));
      d.put("imbalance", plain(book.spec.quantity(Math.abs(i.surplusLots()))));
      d.put("imbalanceSide", imbalanceSide(i.surplusLots()));
    } else {
      d.putNull("indicativePrice");
      d.put("indicativeVolume", 0);
      d.put("imbalance", 0);
      d.put("imbalanceSide", "none");
    }
    d.put("asOf", c.at().toString());
    out.emit("auction.indicative", d);
  }

  private void close(TokenBook book, CloseWindow c, Out out) {
    if (book == null || !c.windowId().equals(book.windowId)) {
      return;
    }
    long priceBefore = book.engine.referencePriceTicks();
    List<EngineEvent> events = book.engine.process(new EngineCommand.CloseWindow());
    if (!events.isEmpty() && events.get(0) instanceof CommandRejected r) {
      log.debug("window.close {} of token {} refused: {}", c.commandId(), c.tokenId(), r.message());
      book.windowId = null;
      return;
    }
    translate(book, events, priceBefore, out);
    book.windowId = null;
    book.lastIndicative = null;
  }

  // ---- engine events → contract events --------------------------------------------------------

  private void translate(TokenBook book, List<EngineEvent> events, long priceBefore, Out out) {
    Positions positions = new Positions(book, events);
    long previousPrice = priceBefore;
    boolean auction = false;
    for (EngineEvent e : events) {
      if (e instanceof OrderAccepted a) {
        OrderMeta meta = book.openOrders.get(a.orderId());
        ObjectNode d = F.objectNode();
        d.put("orderId", meta.orderId);
        d.put("ownerId", meta.ownerId);
        d.put("tokenId", book.tokenId);
        d.put("windowId", meta.windowId);
        d.put("side", side(meta.side));
        d.put("quantity", plain(book.spec.quantity(a.lots())));
        d.put("limitPrice", plain(book.spec.price(a.priceTicks())));
        d.put("acceptedAt", out.at().toString());
        out.emit("order.accepted", d);
        if (a.side() == Side.SELL) {
          positions.reserved(a.owner(), a.lots());
          out.holding(
              book,
              positions,
              a.owner(),
              0,
              "order_reserved",
              null,
              null,
              meta.orderId,
              null,
              meta.windowId);
        }
      } else if (e instanceof TradeExecuted t) {
        String tradeId = tradeId(book.tokenId, t.tradeId());
        OrderMeta buy = book.openOrders.get(t.buyOrderId());
        OrderMeta sell = book.openOrders.get(t.sellOrderId());
        BigDecimal price = book.spec.price(t.priceTicks());
        BigDecimal quantity = book.spec.quantity(t.lots());
        String windowId = book.windowId;
        ObjectNode d = F.objectNode();
        d.put("tradeId", tradeId);
        d.put("tokenId", book.tokenId);
        d.put("windowId", windowId);
        d.put("price", plain(price));
        d.put("quantity", plain(quantity));
        d.put("buyerId", buy.ownerId);
        d.put("sellerId", sell.ownerId);
        d.put("buyOrderId", buy.orderId);
        d.put("sellOrderId", sell.orderId);
        d.put("executedAt", out.at().toString());
        out.emit("trade.executed", d);
        filled(book, buy, t, tradeId, price, t.buyRemainingLots(), out);
        filled(book, sell, t, tradeId, price, t.sellRemainingLots(), out);
        boolean primary = sell.ownerId.equals(book.issuerId);
        positions.holding(t.buyer(), t.lots());
        out.holding(
            book,
            positions,
            t.buyer(),
            t.lots(),
            primary ? "purchase" : "trade_buy",
            price,
            tradeId,
            buy.orderId,
            null,
            windowId);
        positions.holding(t.seller(), -t.lots());
        positions.reserved(t.seller(), -t.lots());
        out.holding(
            book,
            positions,
            t.seller(),
            -t.lots(),
            primary ? "sale" : "trade_sell",
            price,
            tradeId,
            sell.orderId,
            null,
            windowId);
        if (!auction && t.priceTicks() != previousPrice) {
          out.priceUpdated(book, t.priceTicks(), previousPrice, "trade", windowId);
        }
        previousPrice = t.priceTicks();
        if (t.buyRemainingLots() == 0) {
          book.finish(buy);
        }
        if (t.sellRemainingLots() == 0) {
          book.finish(sell);
        }
      } else if (e instanceof OrderCancelled x) {
        OrderMeta meta = book.openOrders.get(x.orderId());
        ObjectNode d = F.objectNode();
        d.put("orderId", meta.orderId);
        d.put("ownerId", meta.ownerId);
        d.put("tokenId", book.tokenId);
        d.put("windowId", meta.windowId);
        d.put("filledQuantity", plain(book.spec.quantity(meta.filledLots)));
        d.put("remainingQuantity", plain(book.spec.quantity(x.remainingLots())));
        d.put("reason", cancelReason(x.reason()));
        d.put("cancelledAt", out.at().toString());
        out.emit("order.cancelled", d);
        released(book, positions, meta, x.owner(), x.remainingLots(), out);
        book.finish(meta);
      } else if (e instanceof OrderExpired x) {
        OrderMeta meta = book.openOrders.get(x.orderId());
        ObjectNode d = F.objectNode();
        d.put("orderId", meta.orderId);
        d.put("ownerId", meta.ownerId);
        d.put("tokenId", book.tokenId);
        d.put("windowId", meta.windowId);
        d.put("filledQuantity", plain(book.spec.quantity(meta.filledLots)));
        d.put("remainingQuantity", plain(book.spec.quantity(x.remainingLots())));
        d.put("expiredAt", out.at().toString());
        out.emit("order.expired", d);
        released(book, positions, meta, x.owner(), x.remainingLots(), out);
        book.finish(meta);
      } else if (e instanceof AuctionCleared a) {
        auction = true;
        ObjectNode d = F.objectNode();
        d.put("windowId", book.windowId);
        d.put("tokenId", book.tokenId);
        d.put("cleared", true);
        d.put("clearingPrice", plain(book.spec.price(a.priceTicks())));
        d.put("volume", plain(book.spec.quantity(a.volumeLots())));
        d.put("imbalance", plain(book.spec.quantity(Math.abs(a.surplusLots()))));
        d.put("imbalanceSide", imbalanceSide(a.surplusLots()));
        d.put("decidedAt", out.at().toString());
        out.emit("auction.result", d);
        out.priceUpdated(book, a.priceTicks(), previousPrice, "auction_clearing", book.windowId);
        previousPrice = a.priceTicks();
      } else if (e instanceof AuctionNotCleared n) {
        ObjectNode d = F.objectNode();
        d.put("windowId", book.windowId);
        d.put("tokenId", book.tokenId);
        d.put("cleared", false);
        d.putNull("clearingPrice");
        d.put("volume", 0);
        d.put("imbalance", 0);
        d.put("imbalanceSide", "none");
        d.put("decidedAt", out.at().toString());
        out.emit("auction.result", d);
      } else if (e instanceof EngineEvent.WindowPhaseChanged w) {
        if (w.from() == WindowPhase.CALL && w.to() == WindowPhase.CONTINUOUS) {
          auction = false;
        }
      } else if (e instanceof CommandRejected r) {
        log.warn("Engine refused a command of token {}: {}", book.tokenId, r.message());
      } else if (e instanceof HoldingChanged h) {
        throw new IllegalStateException("Unexpected holding change " + h);
      } else if (e instanceof EngineEvent.OrderAmended a) {
        throw new IllegalStateException("Unexpected amendment " + a);
      }
    }
  }

  private void filled(
      TokenBook book,
      OrderMeta meta,
      TradeExecuted t,
      String tradeId,
      BigDecimal price,
      long remaining,
      Out out) {
    meta.filledLots += t.lots();
    BigDecimal quantity = book.spec.quantity(t.lots());
    meta.notional = meta.notional.add(price.multiply(quantity));
    BigDecimal filled = book.spec.quantity(meta.filledLots);
    ObjectNode d = F.objectNode();
    d.put("orderId", meta.orderId);
    d.put("ownerId", meta.ownerId);
    d.put("tokenId", book.tokenId);
    d.put("windowId", meta.windowId);
    d.put("tradeId", tradeId);
    d.put("side", side(meta.side));
    d.put("price", plain(price));
    d.put("quantity", plain(quantity));
    d.put("filledQuantity", plain(filled));
    d.put("remainingQuantity", plain(book.spec.quantity(remaining)));
    d.put("averagePrice", plain(meta.notional.divide(filled, 8, RoundingMode.HALF_EVEN)));
    d.put("status", remaining == 0 ? "filled" : "partially_filled");
    d.put("executedAt", out.at().toString());
    out.emit("order.filled", d);
  }

  private void released(
      TokenBook book, Positions positions, OrderMeta meta, long owner, long remaining, Out out) {
    if (meta.side == Side.SELL) {
      positions.reserved(owner, -remaining);
      out.holding(
          book,
          positions,
          owner,
          0,
          "order_released",
          null,
          null,
          meta.orderId,
          null,
          meta.windowId);
    }
  }

  static String tradeId(String tokenId, long engineTradeId) {
    return UUID.nameUUIDFromBytes(
            ("trade|" + tokenId + "|" + engineTradeId).getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  static String eventId(String commandId, int index) {
    return UUID.nameUUIDFromBytes(
            ("event|" + commandId + "|" + index).getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  private static String side(Side side) {
    return side == Side.BUY ? "buy" : "sell";
  }

  private static String imbalanceSide(long surplus) {
    return surplus > 0 ? "buy" : surplus < 0 ? "sell" : "none";
  }

  private static String cancelReason(CancelReason reason) {
    return switch (reason) {
      case OWNER_REQUEST -> "requested";
      case SELF_TRADE_PREVENTION -> "self_trade_prevention";
      case IMMEDIATE_OR_CANCEL_REMAINDER -> "immediate_or_cancel_remainder";
      case OUTSIDE_BAND -> "outside_band";
    };
  }

  /** Plain decimal without trailing zeros (13.10 → 13.1, 1E+2 → 100). */
  static BigDecimal plain(BigDecimal value) {
    BigDecimal s = value.stripTrailingZeros();
    return s.scale() < 0 ? s.setScale(0) : s;
  }

  /**
   * Holding and reserved lots of the owners a command touches, walked forward from their values
   * before the command (the engine's values after it, minus the command's changes).
   */
  private static final class Positions {
    private final Map<Long, long[]> current = new HashMap<>();

    Positions(TokenBook book, List<EngineEvent> events) {
      Map<Long, long[]> delta = new HashMap<>();
      for (EngineEvent e : events) {
        if (e instanceof OrderAccepted a && a.side() == Side.SELL) {
          d(delta, a.owner())[1] += a.lots();
        } else if (e instanceof TradeExecuted t) {
          d(delta, t.buyer())[0] += t.lots();
          d(delta, t.seller())[0] -= t.lots();
          d(delta, t.seller())[1] -= t.lots();
        } else if (e instanceof OrderCancelled x && isSell(book, x.orderId())) {
          d(delta, x.owner())[1] -= x.remainingLots();
        } else if (e instanceof OrderExpired x && isSell(book, x.orderId())) {
          d(delta, x.owner())[1] -= x.remainingLots();
        } else if (e instanceof HoldingChanged h) {
          d(delta, h.owner())[0] += h.deltaLots();
        }
      }
      delta.forEach(
          (owner, dv) ->
              current.put(
                  owner,
                  new long[] {
                    book.engine.holding(owner) - dv[0], book.engine.reserved(owner) - dv[1]
                  }));
    }

    private static boolean isSell(TokenBook book, long orderNumber) {
      return book.openOrders.get(orderNumber).side == Side.SELL;
    }

    private static long[] d(Map<Long, long[]> map, long owner) {
      return map.computeIfAbsent(owner, o -> new long[2]);
    }

    void holding(long owner, long lots) {
      current.get(owner)[0] += lots;
    }

    void reserved(long owner, long lots) {
      current.get(owner)[1] += lots;
    }

    long holding(long owner) {
      return current.get(owner)[0];
    }

    long available(long owner) {
      long[] p = current.get(owner);
      return p[0] - p[1];
    }
  }

  /** The events of one command, with deterministic ids. */
  private static final class Out {
    private final MatcherCommand command;
    final List<MatcherEvent> events = new ArrayList<>();

    Out(MatcherCommand command) {
      this.command = command;
    }

    Instant at() {
      return command.at();
    }

    void emit(String name, ObjectNode data) {
      events.add(
          new MatcherEvent(
              eventId(command.commandId(), events.size()),
              PREFIX + name + ".v1",
              command.tokenId(),
              command.at(),
              data));
    }

    void holding(
        TokenBook book,
        Positions p,
        long owner,
        long deltaLots,
        String reason,
        BigDecimal price,
        String tradeId,
        String orderId,
        String transferId,
        String windowId) {
      String principal = book.principal(owner);
      ObjectNode d = F.objectNode();
      d.put("ownerId", principal);
      d.put("tokenId", book.tokenId);
      d.put("sequence", book.nextSequence(principal));
      d.put("quantity", plain(book.spec.quantity(p.holding(owner))));
      d.put("availableQuantity", plain(book.spec.quantity(p.available(owner))));
      d.put("delta", plain(book.spec.quantity(deltaLots)));
      d.put("reason", reason);
      putOrNull(d, "price", price == null ? null : plain(price));
      d.put("tradeId", tradeId);
      d.put("orderId", orderId);
      d.put("transferId", transferId);
      d.put("windowId", windowId);
      d.put("occurredAt", at().toString());
      emit("holding.changed", d);
    }

    void priceUpdated(
        TokenBook book, long priceTicks, long previousTicks, String reason, String windowId) {
      ObjectNode d = F.objectNode();
      d.put("tokenId", book.tokenId);
      d.put("price", plain(book.spec.price(priceTicks)));
      putOrNull(
          d, "previousPrice", previousTicks > 0 ? plain(book.spec.price(previousTicks)) : null);
      d.put("reason", reason);
      d.put("windowId", windowId);
      d.put("asOf", at().toString());
      emit("price.updated", d);
    }

    void orderRejected(PlaceOrder c, String code, String detail) {
      ObjectNode d = F.objectNode();
      d.put("orderId", c.orderId());
      d.put("ownerId", c.ownerId());
      d.put("tokenId", c.tokenId());
      d.put("windowId", c.windowId());
      d.put("side", c.side());
      d.put("quantity", c.quantity());
      d.put("limitPrice", c.limitPrice());
      ObjectNode reason = d.putObject("reason");
      reason.put("code", code);
      reason.put("detail", detail);
      d.put("rejectedAt", at().toString());
      emit("order.rejected", d);
    }

    void transferRejected(Transfer c, TokenBook book, String code, String detail) {
      ObjectNode d = F.objectNode();
      d.put("transferId", c.transferId());
      d.put("tokenId", c.tokenId());
      d.put("fromId", c.fromId());
      d.put("toId", c.toId());
      d.put("quantity", c.quantity());
      ObjectNode reason = d.putObject("reason");
      reason.put("code", code);
      reason.put("detail", detail);
      d.put("requestedBy", c.requestedBy());
      d.put("rejectedAt", at().toString());
      emit("transfer.rejected", d);
    }

    private static void putOrNull(ObjectNode d, String field, BigDecimal value) {
      if (value == null) {
        d.putNull(field);
      } else {
        d.put(field, value);
      }
    }
  }
}
