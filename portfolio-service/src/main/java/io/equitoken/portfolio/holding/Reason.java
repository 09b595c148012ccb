package io.equitoken.portfolio.holding;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Why a holding changed ({@code holding.changed.reason} in trading's contract), with the direction
 * its {@code delta} must have and the transaction it shows as ({@code null}: not a transaction).
 */
public enum Reason {
  ISSUANCE(1, TransactionType.ISSUANCE, null),
  PURCHASE(1, TransactionType.PURCHASE, null),
  SALE(-1, TransactionType.SALE, null),
  TRADE_BUY(1, TransactionType.TRADE, "buy"),
  TRADE_SELL(-1, TransactionType.TRADE, "sell"),
  TRANSFER_IN(1, TransactionType.TRANSFER_IN, null),
  TRANSFER_OUT(-1, TransactionType.TRANSFER_OUT, null),
  ORDER_RESERVED(0, null, null),
  ORDER_RELEASED(0, null, null);

  /** Sign of {@code delta}: 1 adds tokens, -1 removes them, 0 only moves availability. */
  public final int direction;

  public final TransactionType transaction;
  public final String side;

  Reason(int direction, TransactionType transaction, String side) {
    this.direction = direction;
    this.transaction = transaction;
    this.side = side;
  }

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public boolean needsPrice() {
    return this == PURCHASE || this == SALE || this == TRADE_BUY || this == TRADE_SELL;
  }

  public static Optional<Reason> parse(String wire) {
    return Arrays.stream(values()).filter(r -> r.wire().equals(wire)).findFirst();
  }
}
