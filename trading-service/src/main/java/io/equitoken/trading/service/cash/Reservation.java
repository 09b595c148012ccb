package io.equitoken.trading.service.cash;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/**
 * A buy order's cash: {@code amount} reserved at intake ({@code quantity × maxPrice}, rounded up),
 * {@code spent} by its fills (from the cumulative {@code notional}), {@code released} when the
 * order ended. {@code spent + released <= amount}, always.
 */
public record Reservation(
    UUID orderId,
    String ownerId,
    long amount,
    BigDecimal notional,
    long spent,
    long released,
    Instant closedAt) {

  /** What is still held for the order. */
  public long held() {
    return amount - spent - released;
  }
}
