package io.equitoken.portfolio.cash;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Why a cash account changed ({@code cash.changed.reason} in trading's contract), with the sign its
 * {@code amount} must have (0: only the reservation moves, so the amount is 0) and whether it shows
 * as a transaction of its own. Buys and sells are not transactions of their own: their cash legs
 * are joined onto the holding transactions of the same trade.
 */
public enum CashReason {
  DEPOSIT(1, true),
  WITHDRAWAL_REQUESTED(0, false),
  WITHDRAWAL_PAID(-1, true),
  WITHDRAWAL_FAILED(0, false),
  ORDER_RESERVED(0, false),
  ORDER_RELEASED(0, false),
  BUY(-1, false),
  SELL(1, false),
  FEE(1, true),
  ADJUSTMENT(2, true);

  /** 1: amount ≥ 0, -1: amount ≤ 0, 0: amount is 0, 2: either sign. */
  public final int direction;

  /** Whether the change is listed as a transaction of its own (deposit, withdrawal, …). */
  public final boolean listed;

  CashReason(int direction, boolean listed) {
    this.direction = direction;
    this.listed = listed;
  }

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<CashReason> parse(String wire) {
    return Arrays.stream(values()).filter(r -> r.wire().equals(wire)).findFirst();
  }
}
