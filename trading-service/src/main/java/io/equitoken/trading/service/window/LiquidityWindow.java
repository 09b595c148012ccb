package io.equitoken.trading.service.window;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A liquidity window: when a set of tokens (empty = every tradable token) may trade, and how.
 * {@code inCallPhase} is true while a call auction collects orders (the whole window for {@code
 * call_auction}, from {@code callPhaseStarts} for the closing auction).
 */
public record LiquidityWindow(
    UUID id,
    WindowStatus status,
    Mechanism mechanism,
    Instant opens,
    Instant closes,
    Instant callPhaseStarts,
    BigDecimal priceBand,
    List<String> tokenIds,
    boolean inCallPhase,
    Instant lastIndicatedAt,
    String createdBy,
    Instant createdAt,
    Instant openedAt,
    Instant closedAt,
    Instant cancelledAt,
    String cancelReason) {

  public LiquidityWindow {
    tokenIds = List.copyOf(tokenIds);
  }

  public boolean coversEveryToken() {
    return tokenIds.isEmpty();
  }

  public static LiquidityWindow scheduled(
      UUID id, WindowRequest request, String createdBy, Instant now) {
    return new LiquidityWindow(
        id,
        WindowStatus.SCHEDULED,
        request.mechanism(),
        request.opens(),
        request.closes(),
        request.callPhaseStarts(),
        request.priceBand(),
        request.tokenIds(),
        false,
        null,
        createdBy,
        now,
        null,
        null,
        null,
        null);
  }
}
