package io.equitoken.trading.engine;

/**
 * Inclusive price band of a window, in ticks. Continuous orders must be priced inside it; an
 * auction never clears outside it.
 */
public record PriceBand(long lowTicks, long highTicks) {

  /** No band: every representable price is allowed. */
  public static final PriceBand NONE = new PriceBand(1, Limits.MAX_PRICE_TICKS);

  public boolean contains(long priceTicks) {
    return priceTicks >= lowTicks && priceTicks <= highTicks;
  }

  public boolean isValid() {
    return lowTicks >= 1 && highTicks >= lowTicks && highTicks <= Limits.MAX_PRICE_TICKS;
  }
}
