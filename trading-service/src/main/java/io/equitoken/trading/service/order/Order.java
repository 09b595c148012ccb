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
