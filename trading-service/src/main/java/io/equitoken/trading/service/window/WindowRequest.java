package io.equitoken.trading.service.window;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** What an operator asks for when scheduling a window (already parsed, not yet validated). */
public record WindowRequest(
    List<String> tokenIds,
    Mechanism mechanism,
    Instant opens,
    Instant closes,
    Instant callPhaseStarts,
    BigDecimal priceBand) {

  public WindowRequest {
    tokenIds = tokenIds == null ? List.of() : List.copyOf(tokenIds);
  }
}
