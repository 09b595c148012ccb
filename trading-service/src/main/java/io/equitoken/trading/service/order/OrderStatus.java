package io.equitoken.trading.service.order;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code pending} (accepted by the API, not yet by the matcher) → {@code open} → {@code
 * partially_filled} → {@code filled}; or {@code rejected}, {@code cancelled}, {@code expired}
 * (unfilled at window close). The last four are final.
 */
public enum OrderStatus {
  PENDING,
  OPEN,
  PARTIALLY_FILLED,
  FILLED,
  CANCELLED,
  EXPIRED,
  REJECTED;

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public boolean isFinal() {
    return this == FILLED || this == CANCELLED || this == EXPIRED || this == REJECTED;
  }

  public static Optional<OrderStatus> parse(String value) {
    return Arrays.stream(values()).filter(s -> s.wire().equals(value)).findFirst();
  }

  public static List<String> allowed() {
    return Arrays.stream(values()).map(OrderStatus::wire).toList();
  }
}
