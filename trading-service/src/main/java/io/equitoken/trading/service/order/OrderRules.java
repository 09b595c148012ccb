package io.equitoken.trading.service.order;

import io.equitoken.platform.core.Refusal;
import io.equitoken.trading.engine.TokenSpec;
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
      throw Refusal.badRequest(
              "invalid-token-id", "Expected tokenId, a token id of 1 to 100 characters")
          .withField("tokenId")
          .exception();
    }
    if (!SIDES.contains(r.side())) {
      throw Refusal.invalidMember("type", "must be buy or sell").with("allowed", SIDES).exception();
    }
    TokenSpec spec =
        token == null
            ? new TokenSpec(Grid.DEFAULT_TICK, Grid.DEFAULT_LOT, Grid.DEFAULT_TICK)
            : new TokenSpec(token.tickSize(), token.lotSize(), token.tickSize());
    checkAmount(r.quantity(), "quantity", MAX_QUANTITY, spec.lotSize(), "lot size");
    checkAmount(r.maxPrice(), "maxPrice", MAX_PRICE, spec.tickSize(), "tick size");
    if (token != null && r.quantity().compareTo(token.supply()) > 0) {
      throw Refusal.unprocessable(
              "quantity-above-supply",
              "Expected quantity at most the token's supply " + token.supply().toPlainString())
          .withField("quantity")
          .exception();
    }
  }

  private static void checkAmount(
      BigDecimal value, String field, BigDecimal max, BigDecimal unit, String unitName) {
    if (value == null) {
      throw Refusal.badRequest("missing-field", "Expected " + field + ", a number")
          .withField(field)
          .exception();
    }
    if (value.signum() <= 0) {
      throw Refusal.unprocessable(
              "not-positive", "Expected " + field + " above 0, but it is " + plain(value))
          .withField(field)
          .exception();
    }
    if (value.compareTo(max) > 0) {
      throw Refusal.unprocessable(
              "out-of-range",
              "Expected "
                  + field
                  + " at most "
                  + max.toPlainString()
                  + ", but it is "
                  + plain(value))
          .withField(field)
          .exception();
    }
    if (value.remainder(unit).signum() != 0) {
      throw Refusal.unprocessable(
              "off-grid",
              "Expected "
                  + field
                  + " to be a multiple of the "
                  + unitName
                  + " "
                  + unit.toPlainString()
                  + ", but "
                  + plain(value)
                  + " is not")
          .withField(field)
          .with(unitName.equals("lot size") ? "lotSize" : "tickSize", unit)
          .exception();
    }
  }

  private static String plain(BigDecimal value) {
    return value.toPlainString();
  }
}
