package io.equitoken.trading.matcher.core;

import io.equitoken.trading.engine.AuctionIndication;
import io.equitoken.trading.engine.CancelReason;
import io.equitoken.trading.engine.EngineCommand;
import io.equitoken.trading.engine.EngineEvent;
import io.equitoken.trading.engine.EngineEvent.CommandRejected;
import io.equitoken.trading.engine.Limits;
import io.equitoken.trading.engine.PriceBand;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.TimeInForce;
import io.equitoken.trading.engine.TokenSpec;
import io.equitoken.trading.engine.TransferRules;
import io.equitoken.trading.engine.WindowPhase;
import io.equitoken.trading.matcher.core.Admission.OrderSize;
import io.equitoken.trading.matcher.core.Admission.TransferSize;
import io.equitoken.trading.matcher.core.Admission.Verdict;
import io.equitoken.trading.matcher.core.MatcherCommand.CancelOrder;
import io.equitoken.trading.matcher.core.MatcherCommand.CloseWindow;
import io.equitoken.trading.matcher.core.MatcherCommand.FreezeInvestor;
import io.equitoken.trading.matcher.core.MatcherCommand.HaltMarket;
import io.equitoken.trading.matcher.core.MatcherCommand.Indicate;
import io.equitoken.trading.matcher.core.MatcherCommand.InvestorFacts;
import io.equitoken.trading.matcher.core.MatcherCommand.OpenWindow;
import io.equitoken.trading.matcher.core.MatcherCommand.PlaceOrder;
import io.equitoken.trading.matcher.core.MatcherCommand.RegisterToken;
import io.equitoken.trading.matcher.core.MatcherCommand.ResumeMarket;
import io.equitoken.trading.matcher.core.MatcherCommand.Rules;
import io.equitoken.trading.matcher.core.MatcherCommand.SetRules;
import io.equitoken.trading.matcher.core.MatcherCommand.StartCallPhase;
import io.equitoken.trading.matcher.core.MatcherCommand.Transfer;
import io.equitoken.trading.matcher.core.MatcherCommand.UnfreezeInvestor;
import io.equitoken.trading.matcher.core.TokenBook.OrderMeta;
import io.equitoken.trading.matcher.core.TradingEvent.Reason;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What each command does to its token: admission, the engine command, the translation of what the
 * engine did. A command the matcher cannot apply is answered with a rejection event when its sender
 * waits for one (orders, transfers), else ignored with a log line (a late or repeated window or
 * registration command).
 */
final class CommandHandlers implements MatcherCommand.Handler<CommandHandlers.Step> {

  private static final Logger log = LoggerFactory.getLogger(CommandHandlers.class);

  /** The command's token (null if it is not registered) and where its events go. */
  record Step(TokenBook book, Out out) {}

  private final EngineFactory engines;
  private final Map<String, TokenBook> tokens;

  CommandHandlers(EngineFactory engines, Map<String, TokenBook> tokens) {
    this.engines = engines;
    this.tokens = tokens;
  }

  // ---- tokens --------------------------------------------------------------------------------

  @Override
  public void register(RegisterToken c, Step step) {
    if (step.book() != null) {
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
    book.seen(c.commandId());
    book.supplyLots = supplyLots;
    book.engine.process(new EngineCommand.SetClock(c.at().toEpochMilli()));
    book.engine.process(new EngineCommand.SetInvestor(book.owner(c.issuerId()), null, false, true));
    List<EngineEvent> events =
        book.engine.process(new EngineCommand.CreditHolding(book.owner(c.issuerId()), supplyLots));
    if (refusal(events) instanceof CommandRejected r) {
      log.warn("Token {} not registered: {}", c.tokenId(), r.message());
      return;
    }
    tokens.put(c.tokenId(), book);
    EventTranslator.holdingChanges(
        book, events, h -> HoldingCause.issuance(spec.issuePrice()), step.out());
  }

  @Override
  public void transfer(Transfer c, Step step) {
    TokenBook book = step.book();
    if (book == null) {
      transferRejected(c, Admission.unknownToken(c.tokenId()), step.out());
      return;
    }
    if (!book.knownTransfers.add(c.transferId())) {
      return;
    }
    Verdict<TransferSize> verdict = Admission.transfer(book, c);
    if (verdict.isRefused()) {
      transferRejected(c, verdict.refusal(), step.out());
      return;
    }
    long lots = verdict.value().lots();
    remember(book, c.toId(), c.toInvestor());
    List<EngineEvent> debit =
        book.engine.process(new EngineCommand.DebitHolding(verdict.value().fromOwner(), lots));
    if (refusal(debit) instanceof CommandRejected r) {
      transferRejected(c, new Reason(r.code().code(), r.message()), step.out());
      return;
    }
    List<EngineEvent> credit =
        book.engine.process(new EngineCommand.CreditHolding(book.owner(c.toId()), lots));
    if (refusal(credit) instanceof CommandRejected r) {
      throw new IllegalStateException("Credit of a transfer refused: " + r.message());
    }
    List<EngineEvent> all = new ArrayList<>(debit);
    all.addAll(credit);
    step.out()
        .emit(
            new TradingEvent.TransferExecuted(
                c.transferId(),
                c.tokenId(),
                c.fromId(),
                c.toId(),
                EventTranslator.plain(book.spec.quantity(lots)),
                c.reason(),
                c.requestedBy(),
                c.at()));
    EventTranslator.holdingChanges(
        book,
        all,
        h ->
            HoldingCause.transfer(
                h.deltaLots() < 0 ? "transfer_out" : "transfer_in", c.transferId()),
        step.out());
  }

  // ---- orders --------------------------------------------------------------------------------

  @Override
  public void place(PlaceOrder c, Step step) {
    TokenBook book = step.book();
    if (book == null) {
      orderRejected(c, Admission.unknownToken(c.tokenId()), step.out());
      return;
    }
    if (book.knowsOrder(c.orderId())) {
      return; // the same order again: never a second one
    }
    if (book.isStale(c.at())) {
      // it might be one placed before and forgotten since: refused, never placed twice
      orderRejected(c, Admission.stale(c), step.out());
      return;
    }
    book.rememberOrder(c.orderId(), c.at());
    Verdict<OrderSize> verdict = Admission.order(book, c);
    if (verdict.isRefused()) {
      orderRejected(c, verdict.refusal(), step.out());
      return;
    }
    Side side = c.side().equals("buy") ? Side.BUY : Side.SELL;
    long owner = book.owner(c.ownerId());
    remember(book, c.ownerId(), c.investor());
    long number = ++book.lastOrderNumber;
    OrderSize size = verdict.value();
    OrderMeta meta =
        new OrderMeta(c.orderId(), number, c.ownerId(), side, c.windowId(), size.lots());
    book.openOrder(meta);
    long priceBefore = book.engine.referencePriceTicks();
    List<EngineEvent> events =
        book.engine.process(
            new EngineCommand.PlaceOrder(
                number,
                owner,
                side,
                size.ticks(),
                size.lots(),
                TimeInForce.GOOD_TILL_WINDOW_CLOSE));
    if (events.size() == 1 && events.get(0) instanceof CommandRejected r) {
      book.finish(meta);
      orderRejected(c, new Reason(r.code().code(), r.message()), step.out());
      return;
    }
    EventTranslator.translate(book, events, priceBefore, step.out());
  }

  @Override
  public void cancel(CancelOrder c, Step step) {
    TokenBook book = step.book();
    if (book == null) {
      return;
    }
    Long number = book.openOrderNumbers.get(c.orderId());
    if (number == null) {
      return; // unknown or already final: nothing to cancel
    }
    if (!book.openOrders.get(number).ownerId.equals(c.ownerId())) {
      log.debug(
          "Ignoring order.cancel {}: order {} belongs to someone else", c.commandId(), c.orderId());
      return;
    }
    long priceBefore = book.engine.referencePriceTicks();
    List<EngineEvent> events =
        book.engine.process(new EngineCommand.CancelOrder(number, book.owner(c.ownerId())));
    EventTranslator.translate(book, events, priceBefore, step.out());
  }

  /**
   * Tells the engine what intake knew of the investor when the command carries it; otherwise the
   * engine keeps what it last knew (nothing: an unknown country and not accredited). The issuer
   * stays the issuer whatever its facts.
   */
  private static void remember(TokenBook book, String principal, InvestorFacts facts) {
    if (facts == null) {
      return;
    }
    boolean issuer = principal.equals(book.issuerId);
    book.engine.process(
        new EngineCommand.SetInvestor(
            book.owner(principal), facts.jurisdiction(), facts.accredited(), issuer));
  }

  // ---- rules ---------------------------------------------------------------------------------

  /**
   * A rules version for the token, scheduled in its engine for {@code effectiveAt}: it governs the
   * first command whose time reaches it, and every later one. An older or repeated version changes
   * nothing; rules of an unregistered token are ignored with a log line.
   */
  @Override
  public void rules(SetRules c, Step step) {
    TokenBook book = step.book();
    if (book == null) {
      log.warn("Ignoring token.rules {}: token {} is not registered", c.commandId(), c.tokenId());
      return;
    }
    Rules r = c.rules();
    TransferRules rules;
    try {
      rules =
          new TransferRules(
              r.maxHolders(),
              r.maxNonAccreditedHolders(),
              r.accreditedOnly(),
              r.allowedJurisdictions(),
              r.blockedJurisdictions(),
              lots(book, r.maxHolding(), RoundingMode.DOWN),
              r.lockupDays(),
              r.lockupAllPurchases(),
              lots(book, r.minOrderSize(), RoundingMode.UP));
    } catch (IllegalArgumentException | ArithmeticException e) {
      log.warn(
          "Ignoring token.rules {} of token {}: {}", c.commandId(), c.tokenId(), e.getMessage());
      return;
    }
    book.engine.process(
        new EngineCommand.ScheduleRules(c.version(), rules, c.effectiveAt().toEpochMilli()));
  }

  /** Tokens to whole lots, rounded as given; null stays null. */
  static Long lots(TokenBook book, BigDecimal quantity, RoundingMode rounding) {
    if (quantity == null) {
      return null;
    }
    return quantity.divide(book.spec.lotSize(), 0, rounding).longValueExact();
  }

  // ---- market controls -----------------------------------------------------------------------

  /**
   * Halts trading in the token (see {@link MatcherCommand.HaltMarket}); with {@code cancelOrders}
   * every resting order is cancelled with reason {@code market.halted}, oldest first.
   */
  @Override
  public void halt(HaltMarket c, Step step) {
    TokenBook book = step.book();
    if (book == null) {
      log.warn("Ignoring market.halt {}: token {} is not registered", c.commandId(), c.tokenId());
      return;
    }
    book.halted = true;
    book.lastIndicative = null;
    if (!c.cancelOrders()) {
      return;
    }
    for (OrderMeta meta : new TreeMap<>(book.openOrders).values()) {
      long priceBefore = book.engine.referencePriceTicks();
      List<EngineEvent> events =
          book.engine.process(
              new EngineCommand.CancelOrder(
                  meta.number, book.owner(meta.ownerId), CancelReason.MARKET_HALTED));
      EventTranslator.translate(book, events, priceBefore, step.out());
    }
  }

  @Override
  public void resume(ResumeMarket c, Step step) {
    TokenBook book = step.book();
    if (book == null) {
      log.warn("Ignoring market.resume {}: token {} is not registered", c.commandId(), c.tokenId());
      return;
    }
    book.halted = false;
  }

  /**
   * Freezes the investor in the token: their later orders and transfers out are refused, and each
   * of their resting orders is cancelled now with reason {@code investor.frozen}, oldest first.
   */
  @Override
  public void freeze(FreezeInvestor c, Step step) {
    TokenBook book = step.book();
    if (book == null) {
      log.warn(
          "Ignoring investor.freeze {}: token {} is not registered", c.commandId(), c.tokenId());
      return;
    }
    book.frozen.add(c.investorId());
    for (OrderMeta meta : new TreeMap<>(book.openOrders).values()) {
      if (!meta.ownerId.equals(c.investorId())) {
        continue;
      }
      long priceBefore = book.engine.referencePriceTicks();
      List<EngineEvent> events =
          book.engine.process(
              new EngineCommand.CancelOrder(
                  meta.number, book.owner(meta.ownerId), CancelReason.INVESTOR_FROZEN));
      EventTranslator.translate(book, events, priceBefore, step.out());
    }
  }

  @Override
  public void unfreeze(UnfreezeInvestor c, Step step) {
    TokenBook book = step.book();
    if (book == null) {
      log.warn(
          "Ignoring investor.unfreeze {}: token {} is not registered", c.commandId(), c.tokenId());
      return;
    }
    book.frozen.remove(c.investorId());
  }

  // ---- windows -------------------------------------------------------------------------------

  @Override
  public void open(OpenWindow c, Step step) {
    TokenBook book = step.book();
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
    if (refusal(events) instanceof CommandRejected r) {
      log.debug("window.open {} of token {} refused: {}", c.commandId(), c.tokenId(), r.message());
      return;
    }
    book.windowId = c.windowId();
    book.lastIndicative = null;
    EventTranslator.translate(book, events, book.engine.referencePriceTicks(), step.out());
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

  @Override
  public void startCallPhase(StartCallPhase c, Step step) {
    TokenBook book = step.book();
    if (book == null || !c.windowId().equals(book.windowId)) {
      return;
    }
    List<EngineEvent> events = book.engine.process(new EngineCommand.StartCallPhase());
    if (refusal(events) instanceof CommandRejected r) {
      log.debug(
          "window.call-phase {} of token {} refused: {}", c.commandId(), c.tokenId(), r.message());
    }
  }

  /** Publishes the indicative auction of a call phase when it differs from the last published. */
  @Override
  public void indicate(Indicate c, Step step) {
    TokenBook book = step.book();
    if (book == null
        || book.halted
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
    step.out()
        .emit(
            indication
                .map(
                    i ->
                        new TradingEvent.AuctionIndicative(
                            c.windowId(),
                            c.tokenId(),
                            EventTranslator.plain(book.spec.price(i.priceTicks())),
                            EventTranslator.plain(book.spec.quantity(i.volumeLots())),
                            EventTranslator.plain(book.spec.quantity(Math.abs(i.surplusLots()))),
                            EventTranslator.imbalanceSide(i.surplusLots()),
                            c.at()))
                .orElseGet(
                    () ->
                        new TradingEvent.AuctionIndicative(
                            c.windowId(),
                            c.tokenId(),
                            null,
                            BigDecimal.ZERO,
                            BigDecimal.ZERO,
                            "none",
                            c.at())));
  }

  @Override
  public void close(CloseWindow c, Step step) {
    TokenBook book = step.book();
    if (book == null || !c.windowId().equals(book.windowId)) {
      return;
    }
    long priceBefore = book.engine.referencePriceTicks();
    // a halted market does not clear: its orders expire with the window
    List<EngineEvent> events = book.engine.process(new EngineCommand.CloseWindow(!book.halted));
    if (refusal(events) instanceof CommandRejected r) {
      log.debug("window.close {} of token {} refused: {}", c.commandId(), c.tokenId(), r.message());
      book.windowId = null;
      return;
    }
    EventTranslator.translate(book, events, priceBefore, step.out());
    book.windowId = null;
    book.lastIndicative = null;
  }

  // ---- rejections ----------------------------------------------------------------------------

  /** The engine's first event, when the engine refused the whole command it is its refusal. */
  private static EngineEvent refusal(List<EngineEvent> events) {
    return events.isEmpty() ? null : events.get(0);
  }

  /** The order as it was asked for (quantity and limit price unrounded), and why not. */
  private static void orderRejected(PlaceOrder c, Reason reason, Out out) {
    out.emit(
        new TradingEvent.OrderRejected(
            c.orderId(),
            c.ownerId(),
            c.tokenId(),
            c.windowId(),
            c.side(),
            c.quantity(),
            c.limitPrice(),
            reason,
            out.at()));
  }

  private static void transferRejected(Transfer c, Reason reason, Out out) {
    out.emit(
        new TradingEvent.TransferRejected(
            c.transferId(),
            c.tokenId(),
            c.fromId(),
            c.toId(),
            c.quantity(),
            reason,
            c.requestedBy(),
            out.at()));
  }
}
