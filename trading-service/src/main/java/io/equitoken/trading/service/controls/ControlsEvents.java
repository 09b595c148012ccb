package io.equitoken.trading.service.controls;

import io.equitoken.trading.service.kernel.TradingMessage;
import java.time.Instant;

/**
 * What a market control publishes through the outbox: the public facts {@code market.halted} and
 * {@code market.resumed} and the matcher's {@code market.halt} and {@code market.resume} commands
 * (contracts/events/trading/), all keyed by token.
 */
public final class ControlsEvents {

  private ControlsEvents() {}

  /** {@code equitoken.trading.market.halted.v1}. */
  public record Halted(
      String tokenId, boolean cancelOrders, String reason, String haltedBy, Instant haltedAt)
      implements TradingMessage {}

  /** {@code equitoken.trading.market.resumed.v1}. */
  public record Resumed(String tokenId, String reason, String resumedBy, Instant resumedAt)
      implements TradingMessage {}

  /** {@code equitoken.trading.command.market.halt.v1}. */
  public record Halt(String tokenId, boolean cancelOrders, String reason, Instant at)
      implements TradingMessage {}

  /** {@code equitoken.trading.investor.frozen.v1}, keyed by the investor. */
  public record Frozen(String investorId, String reason, String frozenBy, Instant frozenAt)
      implements TradingMessage {}

  /** {@code equitoken.trading.investor.unfrozen.v1}, keyed by the investor. */
  public record Unfrozen(String investorId, String reason, String unfrozenBy, Instant unfrozenAt)
      implements TradingMessage {}

  /** {@code equitoken.trading.command.investor.freeze.v1}, one per token. */
  public record Freeze(String tokenId, String investorId, String reason, Instant at)
      implements TradingMessage {}

  /** {@code equitoken.trading.command.investor.unfreeze.v1}, one per token. */
  public record Unfreeze(String tokenId, String investorId, Instant at) implements TradingMessage {}

  /** {@code equitoken.trading.market.orders-cancelled.v1}: public, how many, not whose. */
  public record MarketOrdersCancelled(
      String tokenId, int orders, String reason, String requestedBy, Instant requestedAt)
      implements TradingMessage {}

  /** {@code equitoken.trading.investor.orders-cancelled.v1}: private to the investor. */
  public record InvestorOrdersCancelled(
      String investorId,
      java.util.List<String> orderIds,
      String reason,
      String requestedBy,
      Instant requestedAt)
      implements TradingMessage {}

  /** {@code equitoken.trading.command.market.resume.v1}. */
  public record Resume(String tokenId, Instant at) implements TradingMessage {}
}
