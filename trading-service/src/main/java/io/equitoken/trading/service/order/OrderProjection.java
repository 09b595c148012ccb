package io.equitoken.trading.service.order;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * Order statuses and fills from the matcher's events. Events of one token arrive in order (one
 * partition, read_committed) and each is applied once (the consumer dedupes on the event id); the
 * store's guards additionally never move a final order and never count a fill twice.
 */
public final class OrderProjection {

  private final OrderStore orders;

  public OrderProjection(OrderStore orders) {
    this.orders = orders;
  }

  public Mono<Void> accepted(UUID orderId, Instant at) {
    return orders.accepted(orderId, at);
  }

  public Mono<Void> rejected(UUID orderId, String code, String detail, Instant at) {
    return orders.rejected(orderId, code, detail, at);
  }

  public Mono<Void> filled(
      UUID orderId,
      Order.Fill fill,
      BigDecimal filledQuantity,
      BigDecimal remainingQuantity,
      BigDecimal averagePrice,
      String status) {
    OrderStatus next =
        "filled".equals(status) || remainingQuantity.signum() == 0
            ? OrderStatus.FILLED
            : OrderStatus.PARTIALLY_FILLED;
    return orders.filled(orderId, fill, filledQuantity, remainingQuantity, averagePrice, next);
  }

  public Mono<Void> cancelled(
      UUID orderId, BigDecimal filled, BigDecimal remaining, String reason, Instant at) {
    return orders.ended(orderId, OrderStatus.CANCELLED, filled, remaining, reason, at);
  }

  public Mono<Void> expired(UUID orderId, BigDecimal filled, BigDecimal remaining, Instant at) {
    return orders.ended(orderId, OrderStatus.EXPIRED, filled, remaining, null, at);
  }
}
