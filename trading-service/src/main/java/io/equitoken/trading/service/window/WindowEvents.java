package io.equitoken.trading.service.window;

import io.equitoken.trading.service.kernel.TradingMessage;
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
      Instant scheduledAt)
      implements TradingMessage {}

  public record Opened(
      String windowId,
      List<String> tokenIds,
      String mechanism,
      Instant opens,
      Instant closes,
      Instant callPhaseStarts,
      Instant openedAt)
      implements TradingMessage {}

  public record CallPhaseStarted(
      String windowId, List<String> tokenIds, Instant closes, Instant startedAt)
      implements TradingMessage {}

  public record Closed(String windowId, List<String> tokenIds, Instant closedAt)
      implements TradingMessage {}

  public record Cancelled(
      String windowId, List<String> tokenIds, String reason, Instant cancelledAt)
      implements TradingMessage {}

  public record Open(
      String windowId, String tokenId, String phase, BigDecimal priceBand, Instant at)
      implements TradingMessage {}

  /** {@code window.call-phase}: the token's closing call starts at {@code at}. */
  public record CallPhase(String windowId, String tokenId, Instant at) implements TradingMessage {}

  /** {@code window.indicate}: publish the token's indicative auction price now. */
  public record Indicate(String windowId, String tokenId, Instant at) implements TradingMessage {}

  /** {@code window.close}: the token's window closes at {@code at}. */
  public record Close(String windowId, String tokenId, Instant at) implements TradingMessage {}
}
