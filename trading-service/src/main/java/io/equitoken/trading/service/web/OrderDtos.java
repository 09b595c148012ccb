package io.equitoken.trading.service.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.trading.service.order.Order;
import jakarta.validation.constraints.NotNull;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** Request and response bodies of the orders API. */
final class OrderDtos {

  private OrderDtos() {}

  /**
   * {@code POST /trade}: for a buy, {@code maxPrice} is the highest price paid per token; for a
   * sell, the lowest price accepted.
   */
  record PlaceOrder(
      @NotNull String tokenId,
      @NotNull String type,
      @NotNull BigDecimal quantity,
      @NotNull BigDecimal maxPrice) {}

  /** The order as echoed in the 202. */
  record Echo(String tokenId, String type, BigDecimal quantity, BigDecimal maxPrice) {}

  /**
   * The 202 of {@code POST /trade} and {@code DELETE /trade/{tradeId}}. {@code tradeId} is the
   * order's id (the specification's name); {@code orderId} says the same under the name events use.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Accepted(
      String tradeId,
      String orderId,
      String status,
      String windowId,
      Echo order,
      CashDtos.OrderCash cash) {}

  record Reason(String code, String detail) {}

  /** One execution: {@code tradeId} and {@code executionId} are the execution's id. */
  record FillView(
      String tradeId,
      String executionId,
      BigDecimal price,
      BigDecimal quantity,
      Instant executedAt) {}

  /** {@code GET /trade/status/{tradeId}} and the elements of {@code GET /trade}. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Status(
      String tradeId,
      String orderId,
      String status,
      String tokenId,
      String type,
      BigDecimal quantity,
      BigDecimal maxPrice,
      BigDecimal filledQuantity,
      BigDecimal remainingQuantity,
      BigDecimal averagePrice,
      List<FillView> fills,
      Reason reason,
      String windowId,
      Instant cancelRequestedAt,
      Instant createdAt,
      Instant updatedAt,
      CashDtos.OrderCash cash) {}

  static Accepted accepted(Order o, CashDtos.OrderCash cash) {
    return new Accepted(
        o.id().toString(),
        o.id().toString(),
        o.status().wire(),
        o.windowId().toString(),
        new Echo(o.tokenId(), o.side(), o.quantity(), o.limitPrice()),
        cash);
  }

  static Status status(Order o) {
    return status(o, null);
  }

  static Status status(Order o, CashDtos.OrderCash cash) {
    return new Status(
        o.id().toString(),
        o.id().toString(),
        o.status().wire(),
        o.tokenId(),
        o.side(),
        o.quantity(),
        o.limitPrice(),
        o.filledQuantity(),
        o.remainingQuantity(),
        o.averagePrice(),
        o.fills().stream()
            .map(
                f ->
                    new FillView(f.tradeId(), f.tradeId(), f.price(), f.quantity(), f.executedAt()))
            .toList(),
        o.reasonCode() == null ? null : new Reason(o.reasonCode(), o.reasonDetail()),
        o.windowId().toString(),
        o.cancelRequestedAt(),
        o.createdAt(),
        o.updatedAt(),
        cash);
  }
}
