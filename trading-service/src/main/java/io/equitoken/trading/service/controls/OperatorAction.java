package io.equitoken.trading.service.controls;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * One operator action of the market, as the audit log keeps it (table {@code operator_action}),
 * written in the same transaction as the action itself: what ({@code action}, e.g. {@code
 * market.halt}), on what ({@code subjectType} and {@code subjectId}: a token, an investor, a
 * window), the token concerned if any, who, why, when, and the action's own details.
 */
public record OperatorAction(
    UUID id,
    String action,
    String subjectType,
    String subjectId,
    String tokenId,
    String actor,
    String reason,
    Map<String, Object> details,
    Instant at) {

  public static final String MARKET_HALT = "market.halt";
  public static final String MARKET_RESUME = "market.resume";
  public static final String INVESTOR_FREEZE = "investor.freeze";
  public static final String INVESTOR_UNFREEZE = "investor.unfreeze";
  public static final String ORDERS_CANCEL = "orders.cancel";

  public OperatorAction {
    details = details == null ? Map.of() : Map.copyOf(details);
  }
}
