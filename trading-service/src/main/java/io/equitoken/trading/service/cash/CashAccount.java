package io.equitoken.trading.service.cash;

import java.time.Instant;

/**
 * An owner's cash: {@code balance} (what it owns), {@code reserved} (held for buy orders and
 * withdrawals in flight) and {@code available = balance - reserved}, never negative; all in minor
 * units. {@code sequence} is the owner's newest entry. An owner that never held cash has a zero
 * account ({@link #empty}).
 */
public record CashAccount(
    String ownerId,
    String currency,
    long balance,
    long reserved,
    long sequence,
    Instant updatedAt) {

  public static CashAccount empty(String ownerId, String currency) {
    return new CashAccount(ownerId, currency, 0, 0, 0, null);
  }

  public long available() {
    return balance - reserved;
  }
}
