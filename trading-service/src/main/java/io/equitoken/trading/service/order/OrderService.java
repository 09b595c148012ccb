package io.equitoken.trading.service.order;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.Transactions;
import io.equitoken.trading.service.cash.CashLedger;
import io.equitoken.trading.service.kernel.TradingMessage;
import io.equitoken.trading.service.market.MarketStore;
import io.equitoken.trading.service.market.OrderFacts;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
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
  private final EventPublisher<TradingMessage> messages;
  private final Transactions transactions;
  private final Clock clock;
  private final Supplier<UUID> ids;

  public OrderService(
      OrderStore orders,
      MarketStore market,
      CashLedger cash,
      OrderLimits limits,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      Clock clock,
      Supplier<UUID> ids) {
    this.orders = orders;
    this.market = market;
    this.cash = cash;
    this.limits = limits;
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
      Instant at)
      implements TradingMessage {}

  /** The {@code order.cancel} command the matcher gets. */
  public record Cancel(String orderId, String ownerId, String tokenId, Instant at)
      implements TradingMessage {}

  /**
   * Shape (400/422), then the gates (403) and the limits ({@link OrderLimits}: open orders 409,
   * price band 422), from one read of the token, the caller's KYC, the listing, the open window,
   * the caller's open orders and the last price; then, in one transaction, the order, a buy's cash
   * reservation ({@code quantity × maxPrice}, refused with {@code insufficient-funds} when not
   * available) and its command: a buy that cannot be funded leaves nothing behind and never reaches
   * the matcher.
   */
  public Mono<Order> place(Trader trader, OrderRequest request) {
    String tokenId = request.tokenId();
    Mono<OrderFacts> facts =
        tokenId == null || tokenId.isBlank()
            ? Mono.just(OrderFacts.NONE)
            : market.orderFacts(tokenId, trader.principalId());
    return facts.flatMap(
        f -> {
          OrderRules.check(request, f.token());
          Instant now = now();
          UUID windowId = Gates.check(trader, request, f, now);
          limits.check(request, f);
          Order order =
              new Order(
                  ids.get(),
                  trader.principalId(),
                  tokenId,
                  request.side(),
                  request.quantity(),
                  request.maxPrice(),
                  windowId,
                  OrderStatus.PENDING,
                  BigDecimal.ZERO,
                  request.quantity(),
                  null,
                  null,
                  null,
                  null,
                  now,
                  now,
                  null);
          return transactions.inTransaction(
              orders
                  .insert(order)
                  .then(fund(order, now))
                  .then(command(order, now))
                  .thenReturn(order));
        });
  }

  private Mono<Void> fund(Order o, Instant now) {
    if (!"buy".equals(o.side())) {
      return Mono.empty();
    }
    return cash.reserveForBuy(o.ownerId(), o.id(), o.tokenId(), o.quantity(), o.limitPrice(), now)
        .then();
  }

  private Mono<Void> command(Order o, Instant now) {
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
            now));
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
