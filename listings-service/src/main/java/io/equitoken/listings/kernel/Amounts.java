package io.equitoken.listings.kernel;

import java.math.BigDecimal;

/** Exact decimal helpers: amounts are BigDecimal end to end, never double. */
public final class Amounts {

  private Amounts() {}

  /**
   * The canonical form of an amount: no trailing zeros and never a negative scale, so that 12.50
   * and 12.5 compare and print alike and 1E+3 prints as 1000.
   */
  public static BigDecimal normalize(BigDecimal value) {
    if (value == null) {
      return null;
    }
    BigDecimal stripped = value.stripTrailingZeros();
    return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
  }
}
