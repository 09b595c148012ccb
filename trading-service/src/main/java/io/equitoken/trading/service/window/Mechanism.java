package io.equitoken.trading.service.window;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** How a window matches: continuously, by one call auction at close, or both. */
public enum Mechanism {
  CONTINUOUS("continuous"),
  CALL_AUCTION("call_auction"),
  CONTINUOUS_WITH_CLOSING_AUCTION("continuous_with_closing_auction");

  private final String wire;

  Mechanism(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  /** The phase a window of this mechanism opens in: {@code continuous} or {@code call}. */
  public String openingPhase() {
    return this == CALL_AUCTION ? "call" : "continuous";
  }

  public static Optional<Mechanism> parse(String value) {
    return Arrays.stream(values()).filter(m -> m.wire.equals(value)).findFirst();
  }

  public static List<String> allowed() {
    return Arrays.stream(values()).map(Mechanism::wire).toList();
  }
}
