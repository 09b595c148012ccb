package io.equitoken.trading.service.order;

import io.equitoken.trading.service.cash.CashEntry;
import java.time.Instant;
import java.util.Optional;
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

  /**
   * {@link #insertWithinOpenCap} for a buy, with its cash reservation ({@link
   * io.equitoken.trading.service.cash.CashLedger#buyReservation}) applied in the same write, only
   * where the order was inserted and only where the owner's available cash covers it.
   */
  Mono<Funded> insertFundedWithinOpenCap(Order order, int maxOpen, CashEntry.Draft reservation);

  /**
   * What {@link #insertFundedWithinOpenCap} did: whether it inserted the order, and the
   * reservation's entry where it applied it.
   */
  record Funded(boolean inserted, Optional<CashEntry> reservation) {}

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

  // projection of the matcher's results, a poll at a time (one statement each); each is a no-op
  // on an unknown or already final order

  /** Opens the pending orders among these (at most one acceptance per order). */
  Mono<Void> accepted(java.util.List<OrderProjection.Accepted> accepted);

  /** A fill new to a poll; {@code moves} false when the poll ended its order before it. */
  record NewFill(OrderProjection.Filled filled, boolean moves) {}

  /**
   * Adds each fill once (by order and trade id) and moves each order to the figures of its new
   * moving fill with the largest filled quantity (the last of equals) unless that is below the
   * order's (at most one fill per order and trade id).
   */
  Mono<Void> filled(java.util.List<NewFill> fills);

  /** Ends the orders not final yet (at most one end per order). */
  Mono<Void> ended(java.util.List<OrderProjection.Ended> ended);
}
