package io.equitoken.portfolio.holding;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The average-cost method. Tokens coming in add what was paid for them (quantity × price; a
 * transfer carries no price and adds nothing, the issuer's credit adds the issue price); tokens
 * going out remove their share of the cost at the average cost, so the average cost of what remains
 * is unchanged; an emptied holding has no cost left. Division is rounded half-even to {@value
 * #SCALE} decimals.
 */
public final class CostBasis {

  public static final int SCALE = 8;

  private CostBasis() {}

  /** The cost basis after {@code change}, given the one before it. */
  public static BigDecimal after(BigDecimal before, HoldingChange change) {
    int direction = change.delta().signum();
    if (direction > 0) {
      BigDecimal price = change.price() == null ? BigDecimal.ZERO : change.price();
      return before.add(change.delta().multiply(price));
    }
    if (direction < 0) {
      if (change.quantity().signum() == 0) {
        return BigDecimal.ZERO;
      }
      BigDecimal removed =
          before
              .multiply(change.delta().negate())
              .divide(change.quantityBefore(), SCALE, RoundingMode.HALF_EVEN);
      return normal(before.subtract(removed));
    }
    return before;
  }

  /** Cost basis per token held, or null for an empty holding. */
  public static BigDecimal average(BigDecimal cost, BigDecimal quantity) {
    if (quantity.signum() == 0) {
      return null;
    }
    return normal(cost.divide(quantity, SCALE, RoundingMode.HALF_EVEN));
  }

  /** Without trailing zeros, never in exponent notation. */
  public static BigDecimal normal(BigDecimal value) {
    BigDecimal stripped = value.stripTrailingZeros();
    return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
  }
}
