package io.equitoken.portfolio.holding;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What an investor sees in their history: {@code purchase} (bought from the issuer), {@code sale}
 * (the issuer's side of it), {@code trade} (secondary, with a side), transfers, and {@code
 * issuance} (the issuer's initial credit).
 */
public enum TransactionType {
  PURCHASE,
  SALE,
  TRADE,
  TRANSFER_IN,
  TRANSFER_OUT,
  ISSUANCE;

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public List<Reason> reasons() {
    return Arrays.stream(Reason.values()).filter(r -> r.transaction == this).toList();
  }

  public static Optional<TransactionType> parse(String wire) {
    return Arrays.stream(values()).filter(t -> t.wire().equals(wire)).findFirst();
  }

  public static List<String> allowed() {
    return Arrays.stream(values()).map(TransactionType::wire).toList();
  }
}
