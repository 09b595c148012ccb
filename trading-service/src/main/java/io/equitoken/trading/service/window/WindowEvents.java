package io.equitoken.trading.service.window;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * Data of the window lifecycle events on {@code trading.events.v1} (keyed by window id) and of the
 * window commands on {@code trading.orders.v1} (keyed by token id); see {@code
 * contracts/events/trading/README.md}.
 */
public final class WindowEvents {

  private WindowEvents() {}

  public record Scheduled(
      String windowId,
      List<String> tokenIds,
      String mechanism,
      Instant opens,
      Instant closes,
      Instant callPhaseStarts,
      BigDecimal priceBand,
      Instant scheduledAt) {}

  public record Opened(
      String windowId,
      List<String> tokenIds,
      String mechanism,
      Instant opens,
      Instant closes,
      Instant callPhaseStarts,
      Instant openedAt) {}

  public record CallPhaseStarted(
      String windowId, List<String> tokenIds, Instant closes, Instant startedAt) {}

  public record Closed(String windowId, List<String> tokenIds, Instant closedAt) {}

  public record Cancelled(
      String windowId, List<String> tokenIds, String reason, Instant cancelledAt) {}

  public record Open(
      String windowId, String tokenId, String phase, BigDecimal priceBand, Instant at) {}

  /** {@code window.call-phase}, {@code window.indicate} and {@code window.close}. */
  public record WindowCommand(String windowId, String tokenId, Instant at) {}
}
