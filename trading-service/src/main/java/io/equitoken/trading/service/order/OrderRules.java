package io.equitoken.trading.service.order;

import io.equitoken.trading.engine.TokenSpec;
import io.equitoken.trading.service.kernel.Refused;
import io.equitoken.trading.service.market.Grid;
import io.equitoken.trading.service.market.TokenInfo;
import java.math.BigDecimal;
import java.util.List;

/**
 * The shape of an order, before any gate: side, positive amounts on the token's grid (tick 0.01 and
 * lot 1 unless the token needs a finer one, see {@link Grid}) and inside documented bounds. Off
 * grid is refused, never rounded. Unknown tokens are checked on the default grid; the tradability
 * gate refuses them next.
 */
public final class OrderRules {

  public static final BigDecimal MAX_QUANTITY = new BigDecimal("1000000000");
  public static final BigDecimal MAX_PRICE = new BigDecimal("10000000");
  public static final List<String> SIDES = List.of("buy", "sell");

  private OrderRules() {}

  public static void check(OrderRequest r, TokenInfo token) {
    if (r.tokenId() == null || r.tokenId().isBlank() || r.tokenId().length() > 100) {
      throw Refused.invalid(
          "invalid-token-id", "tokenId", "Expected tokenId, a token id of 1 to 100 characters");
    }
    if (!SIDES.contains(r.side())) {
      throw Refused.invalid("invalid-value", "type", "Expected type to be buy or sell")
          .with("allowed", SIDES);
    }
    TokenSpec spec =
        token == null
            ? new TokenSpec(Grid.DEFAULT_TICK, Grid.DEFAULT_LOT, Grid.DEFAULT_TICK)
            : new TokenSpec(token.tickSize(), token.lotSize(), token.tickSize());
    checkAmount(r.quantity(), "quantity", MAX_QUANTITY, spec.lotSize(), "lot size");
    checkAmount(r.maxPrice(), "maxPrice", MAX_PRICE, spec.tickSize(), "tick size");
    if (token != null && r.quantity().compareTo(token.supply()) > 0) {
      throw Refused.unprocessable(
          "quantity-above-supply",
          "quantity",
          "Expected quantity at most the token's supply " + token.supply().toPlainString());
    }
  }

  private static void checkAmount(
      BigDecimal value, String field, BigDecimal max, BigDecimal unit, String unitName) {
    if (value == null) {
      throw Refused.invalid("missing-field", field, "Expected " + field + ", a number");
    }
    if (value.signum() <= 0) {
      throw Refused.unprocessable(
          "not-positive", field, "Expected " + field + " above 0, but it is " + plain(value));
    }
    if (value.compareTo(max) > 0) {
      throw Refused.unprocessable(
          "out-of-range",
          field,
          "Expected " + field + " at most " + max.toPlainString() + ", but it is " + plain(value));
    }
    if (value.remainder(unit).signum() != 0) {
      throw Refused.unprocessable(
              "off-grid",
              field,
              "Expected "
                  + field
                  + " to be a multiple of the "
                  + unitName
                  + " "
                  + unit.toPlainString()
                  + ", but "
                  + plain(value)
                  + " is not")
          .with(unitName.equals("lot size") ? "lotSize" : "tickSize", unit);
    }
  }

  private static String plain(BigDecimal value) {
    return value.toPlainString();
  }
}
