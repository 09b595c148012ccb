package io.equitoken.trading.service.order;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.core.Transactions;
import io.equitoken.trading.service.cash.CashEntry;
import io.equitoken.trading.service.cash.CashLedger;
import io.equitoken.trading.service.cash.Reservation;
import io.equitoken.trading.service.controls.MarketControls;
import io.equitoken.trading.service.kernel.TradingMessage;
import io.equitoken.trading.service.market.MarketStore;
import io.equitoken.trading.service.market.OrderFacts;
import io.equitoken.trading.service.rules.IntakeRules;
import io.equitoken.trading.service.rules.InvestorFacts;
import io.equitoken.trading.service.rules.RulesService;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * Order intake: shape, gates, then the order and its {@code order.place} command in one transaction
 * (the outbox); the matcher decides the rest, and {@link OrderProjection} shows it.
 */
public final class OrderService {

  private final OrderStore orders;
  private final MarketStore market;
  private final CashLedger cash;
  private final OrderLimits limits;
  private final RulesService rules;
  private final EventPublisher<TradingMessage> messages;
  private final Transactions transactions;
  private final Clock clock;
  private final Supplier<UUID> ids;

  public OrderService(
      OrderStore orders,
      MarketStore market,
      CashLedger cash,
      OrderLimits limits,
      RulesService rules,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      Clock clock,
      Supplier<UUID> ids) {
    this.orders = orders;
    this.market = market;
    this.cash = cash;
    this.limits = limits;
    this.rules = rules;
    this.messages = messages;
    this.transactions = transactions;
    this.clock = clock;
    this.ids = ids;
  }

  /** The {@code order.place} command the matcher gets. */
  public record Place(
      String orderId,
      String ownerId,
      String tokenId,
      String windowId,
      String side,
      BigDecimal quantity,
      BigDecimal limitPrice,
      Instant at,
      InvestorFacts investor)
      implements TradingMessage {}

  /** A placed order, and for a buy the cash reserved for it ({@code null} for a sell). */
  public record Placed(Order order, Reservation reservation) {}

  /** The {@code order.cancel} command the matcher gets. */
  public record Cancel(String orderId, String ownerId, String tokenId, Instant at)
      implements TradingMessage {}

  /**
   * Shape (400/422), then the gates (403), a halt ({@code 422 market-halted}) and the limits
   * ({@link OrderLimits}: open orders 409, price band 422), from one read of the token, the
   * caller's KYC, the listing, the open window, the caller's open orders and the last price, which
   * also takes the caller's open-order lock on the token; then, in the same transaction, the order
   * (within the open-order cap) with a buy's cash reservation in one write ({@code quantity ×
   * maxPrice}, refused with {@code insufficient-funds} when not available) and its command: a buy
   * that cannot be funded leaves nothing behind and never reaches the matcher.
   */
  public Mono<Placed> place(Trader trader, OrderRequest request) {
    String tokenId = request.tokenId();
    Instant now = now();
    // one transaction from the facts on: their read takes the owner's open-order lock on the
    // token, so concurrent orders of the owner on the token are serialised from there to commit
    // and the cap holds exactly (the count read with the facts is a pre-check)
    return transactions.inTransaction(
        lockedFacts(trader, request, now)
            .flatMap(
                f -> {
                  OrderRules.check(request, f.token());
                  UUID windowId = Gates.check(trader, request, f, now);
                  if (f.frozen()) {
                    throw MarketControls.frozenRefusal(trader.principalId()).exception();
                  }
                  if (f.halted()) {
                    throw MarketControls.haltedRefusal(tokenId).exception();
                  }
                  limits.check(request, f);
                  IntakeRules.check(
                          f.rules(),
                          tokenId,
                          f.kyc(),
                          request.side(),
                          request.quantity(),
                          f.token().issuerId().equals(trader.principalId()),
                          now)
                      .ifPresent(
                          refusal -> {
                            throw refusal.exception();
                          });
                  InvestorFacts investor = InvestorFacts.of(f.kyc(), now);
                  Order order =
                      Order.pending(ids.get(), trader.principalId(), request, windowId, now);
                  return insert(order, now)
                      .flatMap(
                          reservation ->
                              command(order, investor, now)
                                  .thenReturn(new Placed(order, reservation.orElse(null))));
                }));
  }

  /** The answer of {@code POST /trade/check}: would the order be accepted, and if not, why. */
  public record Check(boolean accepted, List<Refusal> refusals) {}

  /**
   * Everything {@link #place} would check, without placing or reserving anything, every refusal
   * listed (after a shape error, nothing else): the gates, the limits, the transfer rules intake
   * judges, the cash a buy would reserve, and — from the latest projected holdings — the holder
   * caps and the maximum holding. Lock-ups and anything that changes before the order reaches the
   * matcher are only final there.
   */
  public Mono<Check> check(Trader trader, OrderRequest request) {
    Instant now = now();
    return facts(trader, request, now)
        .flatMap(
            f -> {
              try {
                OrderRules.check(request, f.token());
              } catch (RefusedException e) {
                return Mono.just(new Check(false, List.of(e.refusal())));
              }
              List<Refusal> refusals = new ArrayList<>();
              attempt(() -> Gates.check(trader, request, f, now), refusals);
              if (f.frozen()) {
                refusals.add(MarketControls.frozenRefusal(trader.principalId()));
              }
              if (f.halted()) {
                refusals.add(MarketControls.haltedRefusal(request.tokenId()));
              }
              attempt(() -> limits.check(request, f), refusals);
              if (f.token() == null) {
                return Mono.just(new Check(false, List.copyOf(refusals)));
              }
              String tokenId = request.tokenId();
              boolean issuer = f.token().issuerId().equals(trader.principalId());
              IntakeRules.check(
                      f.rules(), tokenId, f.kyc(), request.side(), request.quantity(), issuer, now)
                  .ifPresent(refusals::add);
              boolean accredited = f.kyc() != null && f.kyc().accreditedAt(now);
              Mono<Optional<Refusal>> holders =
                  rules
                      .holderFacts(tokenId, trader.principalId(), now)
                      .map(
                          h ->
                              IntakeRules.checkHolders(
                                  f.rules(),
                                  tokenId,
                                  h,
                                  request.side(),
                                  request.quantity(),
                                  issuer,
                                  accredited));
              Mono<Optional<Refusal>> funds =
                  "buy".equals(request.side())
                      ? cash.fundingRefusal(
                          trader.principalId(), request.quantity(), request.maxPrice())
                      : Mono.just(Optional.empty());
              return Mono.zip(holders, funds)
                  .map(
                      z -> {
                        z.getT1().ifPresent(refusals::add);
                        z.getT2().ifPresent(refusals::add);
                        return new Check(refusals.isEmpty(), List.copyOf(refusals));
                      });
            });
  }

  private static void attempt(Runnable check, List<Refusal> refusals) {
    try {
      check.run();
    } catch (RefusedException e) {
      refusals.add(e.refusal());
    }
  }

  /** The token's and the caller's facts, with the token's rules in force. */
  private Mono<OrderFacts> facts(Trader trader, OrderRequest request, Instant now) {
    return facts(request, tokenId -> market.orderFacts(tokenId, trader.principalId(), now));
  }

  /** {@link #facts}, taking the caller's open-order lock on the token for the transaction. */
  private Mono<OrderFacts> lockedFacts(Trader trader, OrderRequest request, Instant now) {
    return facts(
        request, tokenId -> market.orderFactsLockingOpenOrders(tokenId, trader.principalId(), now));
  }

  /** The facts {@code read} gives for the request's token; none without a token. */
  private static Mono<OrderFacts> facts(
      OrderRequest request, Function<String, Mono<OrderFacts>> read) {
    String tokenId = request.tokenId();
    return tokenId == null || tokenId.isBlank() ? Mono.just(OrderFacts.NONE) : read.apply(tokenId);
  }

  /**
   * The order within the open-order cap ({@code too-many-open-orders} when full) and, for a buy,
   * its cash reservation, written together ({@code insufficient-funds} when not available).
   */
  private Mono<Optional<Reservation>> insert(Order o, Instant now) {
    int cap = limits.maxOpenOrders();
    if (!"buy".equals(o.side())) {
      return orders
          .insertWithinOpenCap(o, cap)
          .flatMap(
              inserted ->
                  inserted
                      ? Mono.just(Optional.<Reservation>empty())
                      : Mono.error(limits.tooManyOpenOrders(cap)));
    }
    CashEntry.Draft reservation =
        cash.buyReservation(o.ownerId(), o.id(), o.tokenId(), o.quantity(), o.limitPrice(), now);
    return orders
        .insertFundedWithinOpenCap(o, cap, reservation)
        .flatMap(
            funded ->
                funded.inserted()
                    ? cash.reserved(reservation, Mono.justOrEmpty(funded.reservation()))
                        .map(Optional::of)
                    : Mono.error(limits.tooManyOpenOrders(cap)));
  }

  private Mono<Void> command(Order o, InvestorFacts investor, Instant now) {
    String id = o.id().toString();
    return messages.publish(
        new Place(
            id,
            o.ownerId(),
            o.tokenId(),
            o.windowId().toString(),
            o.side(),
            o.quantity(),
            o.limitPrice(),
            now,
            investor));
  }

  /** The order if the trader may see it (owner, or operator); others get a 404, as if absent. */
  public Mono<Order> get(Trader trader, UUID id) {
    return orders
        .find(id)
        .filter(o -> trader.operator() || o.ownerId().equals(trader.principalId()))
        .switchIfEmpty(
            Mono.error(
                () -> Refusal.notFound("order-not-found", "No order with id " + id).exception()));
  }

  /**
   * Asks the matcher to cancel the order (202). Repeating it is harmless (same command id). Once
   * the order is final it is a 409 naming the status.
   */
  public Mono<Order> cancel(Trader trader, UUID id) {
    return get(trader, id)
        .flatMap(
            o -> {
              if (o.status().isFinal()) {
                return Mono.error(
                    Refusal.conflict(
                            "order-final",
                            "Expected the order to be pending, open or partially filled, but it is "
                                + o.status().wire())
                        .with("orderStatus", o.status().wire())
                        .exception());
              }
              Instant now = now();
              String orderId = id.toString();
              return transactions.inTransaction(
                  orders
                      .cancelRequested(id, now)
                      .then(messages.publish(new Cancel(orderId, o.ownerId(), o.tokenId(), now)))
                      .then(orders.find(id)));
            });
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
