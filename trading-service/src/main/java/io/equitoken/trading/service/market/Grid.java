package io.equitoken.trading.service.market;

import java.math.BigDecimal;

/**
 * The price and quantity grid of a token: tick 0.01 and lot 1 by default, finer when the issue
 * price or the supply needs it (an issue price of 0.125 gets tick 0.001), so that the issue price
 * and the whole supply always lie on the grid.
 */
public final class Grid {

  public static final BigDecimal DEFAULT_TICK = new BigDecimal("0.01");
  public static final BigDecimal DEFAULT_LOT = BigDecimal.ONE;

  private Grid() {}

  public static BigDecimal tickFor(BigDecimal issuePrice) {
    int scale = Math.max(2, issuePrice.stripTrailingZeros().scale());
    return BigDecimal.ONE.movePointLeft(scale);
  }

  public static BigDecimal lotFor(BigDecimal supply) {
    int scale = Math.max(0, supply.stripTrailingZeros().scale());
    return BigDecimal.ONE.movePointLeft(scale);
  }
}
