package io.equitoken.trading.service.order;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * Order statuses and fills from the matcher's events, a poll at a time. Events of one token arrive
 * in order (one partition, read_committed) and each is applied once (the consumer dedupes on the
 * event id); the store's guards additionally never move a final order, never count a fill twice and
 * never move an order's filled quantity back.
 *
 * <p>{@link #applyAll} writes a poll's changes with one statement per kind — acceptances, then
 * fills, then ends — and the outcome is that of applying them one at a time in record order: the
 * first acceptance and the first end of an order count, a fill is added once per trade id, and an
 * order moves to the new fill with the largest filled quantity (the last of equals) unless the poll
 * ended the order before that fill.
 */
public final class OrderProjection {

  /** One order change of a matcher event. */
  public sealed interface Change permits Accepted, Filled, Ended {
    UUID orderId();
  }

  public record Accepted(UUID orderId, Instant at) implements Change {}

  public record Filled(
      UUID orderId,
      Order.Fill fill,
      BigDecimal filledQuantity,
      BigDecimal remainingQuantity,
      BigDecimal averagePrice,
      OrderStatus status)
      implements Change {}

  /** Cancelled, expired or rejected (the last with a detail and no figures of its own). */
  public record Ended(
      UUID orderId,
      OrderStatus status,
      BigDecimal filledQuantity,
      BigDecimal remainingQuantity,
      String reasonCode,
      String reasonDetail,
      Instant at)
      implements Change {}

  private final OrderStore orders;

  public OrderProjection(OrderStore orders) {
    this.orders = orders;
  }

  public static Accepted accepted(UUID orderId, Instant at) {
    return new Accepted(orderId, at);
  }

  public static Ended rejected(UUID orderId, String code, String detail, Instant at) {
    return new Ended(orderId, OrderStatus.REJECTED, null, null, code, detail, at);
  }

  /** A fill; the order is filled when the matcher says so or nothing remains. */
  public static Filled filled(
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
    return new Filled(orderId, fill, filledQuantity, remainingQuantity, averagePrice, next);
  }

  public static Ended cancelled(
      UUID orderId, BigDecimal filled, BigDecimal remaining, String reason, Instant at) {
    return new Ended(orderId, OrderStatus.CANCELLED, filled, remaining, reason, null, at);
  }

  public static Ended expired(UUID orderId, BigDecimal filled, BigDecimal remaining, Instant at) {
    return new Ended(orderId, OrderStatus.EXPIRED, filled, remaining, null, null, at);
  }

  /** A poll's order changes, in record order: at most one statement per kind. */
  public Mono<Void> applyAll(List<Change> changes) {
    Batch batch = batch(changes);
    Mono<Void> work = Mono.empty();
    if (!batch.accepted().isEmpty()) {
      work = work.then(orders.accepted(batch.accepted()));
    }
    if (!batch.fills().isEmpty()) {
      work = work.then(orders.filled(batch.fills()));
    }
    if (!batch.ended().isEmpty()) {
      work = work.then(orders.ended(batch.ended()));
    }
    return work;
  }

  /** What the store writes for a poll: each order's first acceptance and first end, every fill. */
  record Batch(List<Accepted> accepted, List<OrderStore.NewFill> fills, List<Ended> ended) {}

  static Batch batch(List<Change> changes) {
    Map<UUID, Accepted> accepted = new LinkedHashMap<>();
    Map<UUID, Ended> ended = new LinkedHashMap<>();
    Map<UUID, Integer> endedAt = new HashMap<>();
    Set<List<Object>> seenFills = new HashSet<>();
    List<Filled> fills = new ArrayList<>();
    List<Integer> fillsAt = new ArrayList<>();
    for (int i = 0; i < changes.size(); i++) {
      Change c = changes.get(i);
      if (c instanceof Accepted a) {
        accepted.putIfAbsent(a.orderId(), a);
      } else if (c instanceof Ended e) {
        if (ended.putIfAbsent(e.orderId(), e) == null) {
          endedAt.put(e.orderId(), i);
        }
      } else if (c instanceof Filled f && seenFills.add(List.of(f.orderId(), f.fill().tradeId()))) {
        fills.add(f);
        fillsAt.add(i);
      }
    }
    List<OrderStore.NewFill> newFills = new ArrayList<>(fills.size());
    for (int i = 0; i < fills.size(); i++) {
      Integer end = endedAt.get(fills.get(i).orderId());
      newFills.add(new OrderStore.NewFill(fills.get(i), end == null || end > fillsAt.get(i)));
    }
    return new Batch(List.copyOf(accepted.values()), newFills, List.copyOf(ended.values()));
  }
}
