package io.equitoken.portfolio.holding;

import io.equitoken.portfolio.cash.CashReason;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What an investor sees in their history: {@code purchase} (bought from the issuer), {@code sale}
 * (the issuer's side of it), {@code trade} (secondary, with a side), transfers, and {@code
 * issuance} (the issuer's initial credit) from holding changes; {@code deposit}, {@code withdrawal}
 * (paid out), {@code adjustment} (an operator's correction) and {@code fee} (the fee account's
 * credit) from cash changes. The cash legs of purchases, sales and trades are joined onto those.
 */
public enum TransactionType {
  PURCHASE,
  SALE,
  TRADE,
  TRANSFER_IN,
  TRANSFER_OUT,
  ISSUANCE,
  DEPOSIT,
  WITHDRAWAL,
  ADJUSTMENT,
  FEE;

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public List<Reason> reasons() {
    return Arrays.stream(Reason.values()).filter(r -> r.transaction == this).toList();
  }

  /** The cash changes listed as this type (none for the holding types). */
  public List<CashReason> cashReasons() {
    return Arrays.stream(CashReason.values()).filter(r -> r.listed && of(r) == this).toList();
  }

  /** The type a listed cash change shows as. */
  public static TransactionType of(CashReason reason) {
    return switch (reason) {
      case DEPOSIT -> DEPOSIT;
      case WITHDRAWAL_PAID -> WITHDRAWAL;
      case FEE -> FEE;
      default -> ADJUSTMENT;
    };
  }

  public static Optional<TransactionType> parse(String wire) {
    return Arrays.stream(values()).filter(t -> t.wire().equals(wire)).findFirst();
  }

  public static List<String> allowed() {
    return Arrays.stream(values()).map(TransactionType::wire).toList();
  }
}
