package io.equitoken.trading.service.order;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** An order as trading-service shows it: what was asked, and what the matcher made of it. */
public record Order(
    UUID id,
    String ownerId,
    String tokenId,
    String side,
    BigDecimal quantity,
    BigDecimal limitPrice,
    UUID windowId,
    OrderStatus status,
    BigDecimal filledQuantity,
    BigDecimal remainingQuantity,
    BigDecimal averagePrice,
    String reasonCode,
    String reasonDetail,
    Instant cancelRequestedAt,
    Instant createdAt,
    Instant updatedAt,
    List<Fill> fills) {

  public Order {
    fills = fills == null ? List.of() : List.copyOf(fills);
  }

  /** A new order as intake records it: pending, nothing filled yet, the matcher to decide. */
  public static Order pending(
      UUID id, String ownerId, OrderRequest request, UUID windowId, Instant at) {
    return new Order(
        id,
        ownerId,
        request.tokenId(),
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
        at,
        at,
        null);
  }

  public Order withFills(List<Fill> fills) {
    return new Order(
        id,
        ownerId,
        tokenId,
        side,
        quantity,
        limitPrice,
        windowId,
        status,
        filledQuantity,
        remainingQuantity,
        averagePrice,
        reasonCode,
        reasonDetail,
        cancelRequestedAt,
        createdAt,
        updatedAt,
        fills);
  }

  /** One execution of the order. */
  public record Fill(String tradeId, BigDecimal price, BigDecimal quantity, Instant executedAt) {}
}
