package io.equitoken.trading.service.cash;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Currency;

/**
 * The platform's one settlement currency and its minor unit: every price and amount of the API is
 * in it, the ledger counts integer minor units (cents for USD), never floating point.
 *
 * <p>Roundings, each in the direction that keeps the ledger whole: a buy reserves its limit
 * notional rounded up ({@link #reserveFor}); a fill costs the order's cumulative notional rounded
 * half up minus what its earlier fills cost ({@link #fillCost}), so the fills of one order never
 * cost more than the reservation; the platform fee is rounded down ({@link #fee}).
 */
public record Money(String currency, int scale) {

  public Money {
    if (currency == null || currency.isBlank()) {
      throw new IllegalArgumentException("Expected a currency code");
    }
    if (scale < 0 || scale > 6) {
      throw new IllegalArgumentException("Expected a scale of 0 to 6, not " + scale);
    }
  }

  /** The ISO 4217 currency with its usual number of decimal places (2 for USD). */
  public static Money of(String currencyCode) {
    Currency currency = Currency.getInstance(currencyCode);
    return new Money(currency.getCurrencyCode(), Math.max(0, currency.getDefaultFractionDigits()));
  }

  /** True when {@code amount} has no more decimal places than the currency. */
  public boolean exact(BigDecimal amount) {
    return amount.stripTrailingZeros().scale() <= scale;
  }

  /** The amount in minor units; it must be {@link #exact}. */
  public long minor(BigDecimal amount) {
    return amount.setScale(scale, RoundingMode.UNNECESSARY).unscaledValue().longValueExact();
  }

  /** Minor units as a decimal of the currency's scale (12.50, not 12.5). */
  public BigDecimal major(long minor) {
    return BigDecimal.valueOf(minor, scale);
  }

  /** What a buy of {@code quantity} at most at {@code limitPrice} reserves: rounded up. */
  public long reserveFor(BigDecimal quantity, BigDecimal limitPrice) {
    return minor(quantity.multiply(limitPrice).setScale(scale, RoundingMode.CEILING));
  }

  /**
   * What one fill costs an order whose earlier fills had {@code notionalBefore}: the cumulative
   * notional rounded half up, minus the earlier fills' cost.
   */
  public long fillCost(BigDecimal notionalBefore, BigDecimal fillNotional) {
    return rounded(notionalBefore.add(fillNotional)) - rounded(notionalBefore);
  }

  /** A notional rounded half up to minor units. */
  public long rounded(BigDecimal notional) {
    return minor(notional.setScale(scale, RoundingMode.HALF_UP));
  }

  /** The platform fee of {@code amount} at {@code basisPoints}, rounded down. */
  public static long fee(long amount, int basisPoints) {
    return Math.multiplyExact(amount, (long) basisPoints) / 10_000L;
  }
}
