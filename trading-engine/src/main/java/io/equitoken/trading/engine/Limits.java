package io.equitoken.trading.engine;

/**
 * Bounds on integer inputs. They keep every sum the engine forms (book depth, holdings, supply) far
 * from {@code long} overflow, so no arithmetic needs checking on the hot path.
 */
public final class Limits {
  public static final long MAX_PRICE_TICKS = 1_000_000_000_000L;
  public static final long MAX_ORDER_LOTS = 1_000_000_000_000L;
  public static final long MAX_SUPPLY_LOTS = 1_000_000_000_000_000L;

  private Limits() {}

  public static boolean validPrice(long ticks) {
    return ticks >= 1 && ticks <= MAX_PRICE_TICKS;
  }

  public static boolean validLots(long lots) {
    return lots >= 1 && lots <= MAX_ORDER_LOTS;
  }
}
