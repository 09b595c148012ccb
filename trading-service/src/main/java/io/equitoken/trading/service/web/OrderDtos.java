package io.equitoken.trading.service.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.trading.service.order.Order;
import io.equitoken.trading.service.order.OrderService;
import io.equitoken.trading.service.rules.RuleCodes;
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

  /** Why an order was rejected or cancelled; {@code nextStep} for a transfer rule's code. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Reason(String code, String detail, String nextStep) {}

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

  /** One refusal of {@code POST /trade/check}, as {@code POST /trade} would state it. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record CheckRefusal(
      int status,
      String code,
      String detail,
      String rule,
      String reason,
      String nextStep,
      String field) {}

  /** {@code POST /trade/check}: would the order be accepted, and if not, every reason known. */
  record CheckResult(boolean accepted, List<CheckRefusal> refusals) {}

  static CheckResult checkResult(OrderService.Check check) {
    return new CheckResult(
        check.accepted(),
        check.refusals().stream()
            .map(
                r ->
                    new CheckRefusal(
                        r.status(),
                        r.code(),
                        r.detail(),
                        r.extensions().get("rule") instanceof String rule ? rule : null,
                        r.extensions().get("reason") instanceof String reason ? reason : null,
                        r.extensions().get("nextStep") instanceof String s ? s : null,
                        r.field()))
            .toList());
  }

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
        o.reasonCode() == null
            ? null
            : new Reason(
                o.reasonCode(), o.reasonDetail(), RuleCodes.nextStep(o.reasonCode(), o.tokenId())),
        o.windowId().toString(),
        o.cancelRequestedAt(),
        o.createdAt(),
        o.updatedAt(),
        cash);
  }
}
