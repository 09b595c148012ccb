package io.equitoken.trading.service.window;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** {@code scheduled} → {@code open} → {@code closed}, or {@code scheduled} → {@code cancelled}. */
public enum WindowStatus {
  SCHEDULED,
  OPEN,
  CLOSED,
  CANCELLED;

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<WindowStatus> parse(String value) {
    return Arrays.stream(values()).filter(s -> s.wire().equals(value)).findFirst();
  }

  public static List<String> allowed() {
    return Arrays.stream(values()).map(WindowStatus::wire).toList();
  }
}
