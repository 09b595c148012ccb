package io.equitoken.trading.service.history;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A token's price data in one liquidity window; the price fields are null when nothing traded.
 * {@code bars} only when an interval was asked for.
 */
public record PriceWindow(
    UUID windowId,
    Instant opens,
    Instant closes,
    BigDecimal open,
    BigDecimal high,
    BigDecimal low,
    BigDecimal close,
    BigDecimal volume,
    BigDecimal vwap,
    long trades,
    BigDecimal auctionPrice,
    List<Bar> bars) {

  /** OHLC of the trades in {@code [start, start + interval)}. */
  public record Bar(
      Instant start,
      BigDecimal open,
      BigDecimal high,
      BigDecimal low,
      BigDecimal close,
      BigDecimal volume,
      long trades) {}
}
