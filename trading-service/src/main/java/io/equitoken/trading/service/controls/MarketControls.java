package io.equitoken.trading.service.controls;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import io.equitoken.trading.service.kernel.TradingMessage;
import io.equitoken.trading.service.market.MarketStore;
import io.equitoken.trading.service.order.OrderService;
import io.equitoken.trading.service.order.OrderStore;
import io.equitoken.trading.service.rules.RuleCodes;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * Operators' market controls: halting and resuming trading in a token. Each is recorded (the
 * token's halt and an {@link OperatorAction} with who, when and why), published ({@code
 * market.halted} / {@code market.resumed}) and sent to the token's matcher partition ({@code
 * market.halt} / {@code market.resume}) in one transaction, under a per-token lock so that two
 * operators cannot both halt. The matcher is the authority on orders; intake only refuses early
 * what it already knows ({@link #haltedRefusal}).
 */
public final class MarketControls {

  /** The reason code a frozen investor's orders are refused and cancelled with (the matcher's). */
  public static final String INVESTOR_FROZEN = "investor.frozen";

  /** The reason code a halted token's orders are refused and cancelled with (the matcher's). */
  public static final String MARKET_HALTED = "market.halted";

  private final ControlsStore store;
  private final OrderStore orders;
  private final MarketStore market;
  private final EventPublisher<TradingMessage> messages;
  private final Transactions transactions;
  private final TransactionLocks locks;
  private final Clock clock;
  private final Supplier<UUID> ids;

  public MarketControls(
      ControlsStore store,
      OrderStore orders,
      MarketStore market,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      TransactionLocks locks,
      Clock clock,
      Supplier<UUID> ids) {
    this.store = store;
    this.orders = orders;
    this.market = market;
    this.messages = messages;
    this.transactions = transactions;
    this.locks = locks;
    this.clock = clock;
    this.ids = ids;
  }

  /**
   * The token's market state ({@code 404 token-not-found} for a token the service does not know).
   */
  public Mono<MarketHalt> status(String tokenId) {
    return known(tokenId).then(store.halt(tokenId).defaultIfEmpty(MarketHalt.running(tokenId)));
  }

  /**
   * Halts trading in the token; with {@code cancelOrders} the matcher also cancels its resting
   * orders. {@code 409 market-already-halted} when it is halted.
   */
  public Mono<MarketHalt> halt(
      String operatorId, String tokenId, String reason, boolean cancelOrders) {
    String why = reason(reason);
    Instant now = now();
    return changeHalt(
        tokenId,
        true,
        current ->
            Refusal.conflict(
                    "market-already-halted", "Trading in token " + tokenId + " is halted already")
                .with("haltedAt", current.changedAt().toString()),
        new MarketHalt(tokenId, true, cancelOrders, why, operatorId, now),
        OperatorAction.MARKET_HALT,
        Map.of("cancelOrders", cancelOrders),
        new ControlsEvents.Halted(tokenId, cancelOrders, why, operatorId, now),
        new ControlsEvents.Halt(tokenId, cancelOrders, why, now));
  }

  /** Resumes trading in a halted token; {@code 409 market-not-halted} when it is not. */
  public Mono<MarketHalt> resume(String operatorId, String tokenId, String reason) {
    String why = reason(reason);
    Instant now = now();
    return changeHalt(
        tokenId,
        false,
        current ->
            Refusal.conflict("market-not-halted", "Trading in token " + tokenId + " is not halted"),
        new MarketHalt(tokenId, false, false, why, operatorId, now),
        OperatorAction.MARKET_RESUME,
        Map.of(),
        new ControlsEvents.Resumed(tokenId, why, operatorId, now),
        new ControlsEvents.Resume(tokenId, now));
  }

  /**
   * A halt or resume of a known token, under the token's lock in one transaction: refused with
   * {@code already} when the token is in that state; else recorded, audited with {@code details},
   * published as {@code fact} and sent as {@code command} to the token's matcher partition.
   */
  private Mono<MarketHalt> changeHalt(
      String tokenId,
      boolean halted,
      Function<MarketHalt, Refusal> already,
      MarketHalt change,
      String action,
      Map<String, Object> details,
      TradingMessage fact,
      TradingMessage command) {
    return known(tokenId)
        .then(
            transactions.inTransaction(
                locks
                    .lock("trading.market:" + tokenId)
                    .then(store.halt(tokenId).defaultIfEmpty(MarketHalt.running(tokenId)))
                    .flatMap(
                        current -> {
                          if (current.halted() == halted) {
                            return Mono.error(already.apply(current).exception());
                          }
                          return store
                              .saveHalt(change)
                              .then(store.record(action(action, change, details)))
                              .then(messages.publish(fact))
                              .then(messages.publish(command))
                              .thenReturn(change);
                        })));
  }

  /** The investor's freeze state (no existence check: trading may not know them yet). */
  public Mono<InvestorFreeze> freezeStatus(String investorId) {
    return store.freeze(investorId).defaultIfEmpty(InvestorFreeze.free(investorId));
  }

  /**
   * Freezes an investor: recorded and audited, published ({@code investor.frozen}) and sent to
   * every token's matcher partition ({@code investor.freeze}) in one transaction, so that no order
   * of theirs rests or is accepted on any book after their token's freeze command, whatever intake
   * saw. {@code 409 investor-already-frozen} when frozen.
   */
  public Mono<InvestorFreeze> freeze(String operatorId, String investorId, String reason) {
    String why = reason(reason);
    Instant now = now();
    return changeFreeze(
        investorId,
        true,
        current ->
            Refusal.conflict(
                    "investor-already-frozen", "Investor " + investorId + " is frozen already")
                .with("frozenAt", current.changedAt().toString()),
        new InvestorFreeze(investorId, true, why, operatorId, now),
        OperatorAction.INVESTOR_FREEZE,
        new ControlsEvents.Frozen(investorId, why, operatorId, now),
        token -> new ControlsEvents.Freeze(token, investorId, why, now));
  }

  /** Unfreezes an investor on every token; {@code 409 investor-not-frozen} when not frozen. */
  public Mono<InvestorFreeze> unfreeze(String operatorId, String investorId, String reason) {
    String why = reason(reason);
    Instant now = now();
    return changeFreeze(
        investorId,
        false,
        current ->
            Refusal.conflict("investor-not-frozen", "Investor " + investorId + " is not frozen"),
        new InvestorFreeze(investorId, false, why, operatorId, now),
        OperatorAction.INVESTOR_UNFREEZE,
        new ControlsEvents.Unfrozen(investorId, why, operatorId, now),
        token -> new ControlsEvents.Unfreeze(token, investorId, now));
  }

  /**
   * A freeze or unfreeze, under the investor's lock in one transaction: refused with {@code
   * already} when the investor is in that state; else recorded, audited, published as {@code fact}
   * and sent as {@code command} to every token's matcher partition.
   */
  private Mono<InvestorFreeze> changeFreeze(
      String investorId,
      boolean frozen,
      Function<InvestorFreeze, Refusal> already,
      InvestorFreeze change,
      String action,
      TradingMessage fact,
      Function<String, TradingMessage> command) {
    return transactions.inTransaction(
        locks
            .lock("trading.investor:" + investorId)
            .then(freezeStatus(investorId))
            .flatMap(
                current -> {
                  if (current.frozen() == frozen) {
                    return Mono.error(already.apply(current).exception());
                  }
                  return store
                      .saveFreeze(change)
                      .then(store.record(investorAction(action, change)))
                      .then(messages.publish(fact))
                      .thenMany(store.tokens().concatMap(t -> messages.publish(command.apply(t))))
                      .then(Mono.just(change));
                }));
  }

  /**
   * Intake's early refusal of a frozen investor's order, or of a transfer out of their holding:
   * {@code 422 investor-frozen}, with the matcher's reason code as {@code reason} and a {@code
   * nextStep}.
   */
  public static Refusal frozenRefusal(String investorId) {
    return Refusal.unprocessable(
            "investor-frozen",
            "Expected investor "
                + investorId
                + " to be allowed to trade, but an operator froze them")
        .with("reason", INVESTOR_FROZEN)
        .with("nextStep", RuleCodes.nextStep(INVESTOR_FROZEN, ""));
  }

  private OperatorAction investorAction(String action, InvestorFreeze f) {
    return new OperatorAction(
        ids.get(),
        action,
        "investor",
        f.investorId(),
        null,
        f.changedBy(),
        f.reason(),
        Map.of(),
        f.changedAt());
  }

  /** What a cancel-all asked the matcher to cancel. */
  public record CancelAll(
      String tokenId,
      String investorId,
      List<String> orderIds,
      String reason,
      String requestedBy,
      Instant requestedAt) {}

  /**
   * Cancels every order of the token (or of the investor, {@code tokenId} null) not yet final,
   * through the owners' own cancel path: each is marked cancel-requested and gets its {@code
   * order.cancel} command, all in one transaction with the audit row and the event. The matcher
   * cancels what is still on its book (reason {@code requested}); an order that fills first stays
   * filled. Orders placed after this transaction are not affected ({@code 404 token-not-found} for
   * an unknown token).
   */
  public Mono<CancelAll> cancelAll(
      String operatorId, String tokenId, String investorId, String reason) {
    String why = reason(reason);
    Instant now = now();
    Mono<Void> known = tokenId == null ? Mono.empty() : known(tokenId);
    return known.then(
        transactions.inTransaction(
            orders
                .requestCancelOfOpen(tokenId, investorId, now)
                .concatMap(
                    o ->
                        messages
                            .publish(
                                new OrderService.Cancel(
                                    o.id().toString(), o.ownerId(), o.tokenId(), now))
                            .thenReturn(o.id().toString()))
                .collectList()
                .flatMap(
                    ids -> {
                      CancelAll done =
                          new CancelAll(tokenId, investorId, ids, why, operatorId, now);
                      TradingMessage event =
                          tokenId != null
                              ? new ControlsEvents.MarketOrdersCancelled(
                                  tokenId, ids.size(), why, operatorId, now)
                              : new ControlsEvents.InvestorOrdersCancelled(
                                  investorId, ids, why, operatorId, now);
                      return store
                          .record(
                              new OperatorAction(
                                  this.ids.get(),
                                  OperatorAction.ORDERS_CANCEL,
                                  tokenId != null ? "token" : "investor",
                                  tokenId != null ? tokenId : investorId,
                                  tokenId,
                                  operatorId,
                                  why,
                                  Map.of("orders", ids.size()),
                                  now))
                          .then(messages.publish(event))
                          .thenReturn(done);
                    })));
  }

  /** A page of the audit log (every operator action of the market), newest first. */
  public reactor.core.publisher.Flux<OperatorAction> audit(AuditQuery query) {
    return store.actions(query);
  }

  /**
   * Intake's early refusal of an order of a halted token: {@code 422 market-halted}, with the
   * matcher's reason code as {@code reason} and a {@code nextStep}.
   */
  public static Refusal haltedRefusal(String tokenId) {
    return Refusal.unprocessable(
            "market-halted",
            "Expected trading in token " + tokenId + " to be running, but an operator halted it")
        .with("reason", MARKET_HALTED)
        .with("nextStep", nextStep(tokenId));
  }

  /** What an investor whose order met a halt can do. */
  public static String nextStep(String tokenId) {
    return RuleCodes.nextStep(MARKET_HALTED, tokenId);
  }

  private OperatorAction action(String action, MarketHalt halt, Map<String, Object> details) {
    return new OperatorAction(
        ids.get(),
        action,
        "token",
        halt.tokenId(),
        halt.tokenId(),
        halt.changedBy(),
        halt.reason(),
        details,
        halt.changedAt());
  }

  private Mono<Void> known(String tokenId) {
    return market
        .token(tokenId)
        .switchIfEmpty(
            Mono.error(
                () ->
                    Refusal.notFound("token-not-found", "No token with id " + tokenId).exception()))
        .then();
  }

  private static String reason(String reason) {
    if (reason == null || reason.isBlank() || reason.length() > 500) {
      throw Refusal.badRequest("invalid-reason", "Expected a reason of 1 to 500 characters")
          .withField("reason")
          .exception();
    }
    return reason;
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
