package io.equitoken.trading.service.order;

import java.time.Instant;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Port: orders and their fills. */
public interface OrderStore {

  Mono<Void> insert(Order order);

  /**
   * Inserts the order unless its owner has {@code maxOpen} orders of its token pending, open or
   * partially filled already; answers whether it did. Exact only under a lock that serialises the
   * owner's orders of the token (the count and the insert are one statement, whose snapshot must
   * see every earlier order of them committed).
   */
  Mono<Boolean> insertWithinOpenCap(Order order, int maxOpen);

  /** The order with its fills, oldest fill first. */
  Mono<Order> find(UUID id);

  /** The owner's orders, newest first, after the given key (or from the newest). */
  Flux<Order> page(
      String ownerId,
      OrderStatus status,
      String tokenId,
      Instant afterCreated,
      UUID afterId,
      int limit);

  /** Marks that a cancel was asked for (the first time only). */
  Mono<Void> cancelRequested(UUID id, Instant at);

  /**
   * The orders not yet final (pending, open, partially filled) of a token or of an owner (the other
   * null), oldest first, marked as cancel-requested at {@code at} in the same statement.
   */
  Flux<Order> requestCancelOfOpen(String tokenId, String ownerId, Instant at);

  // projection of the matcher's results; each is a no-op on an unknown or already final order

  Mono<Void> accepted(UUID id, Instant at);

  Mono<Void> rejected(UUID id, String code, String detail, Instant at);

  /** Adds the fill once (by trade id) and sets the cumulative figures the event carries. */
  Mono<Void> filled(
      UUID id,
      Order.Fill fill,
      java.math.BigDecimal filledQuantity,
      java.math.BigDecimal remainingQuantity,
      java.math.BigDecimal averagePrice,
      OrderStatus status);

  Mono<Void> ended(
      UUID id,
      OrderStatus status,
      java.math.BigDecimal filledQuantity,
      java.math.BigDecimal remainingQuantity,
      String reasonCode,
      Instant at);
}
