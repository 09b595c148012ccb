package io.equitoken.trading.matcher.core;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * The data of each event the matcher publishes on {@code trading.events.v1}, one record per type,
 * exactly as {@code contracts/events/trading/equitoken.trading.<name>.v1.json} specifies:
 * components in the schema's order, quantities and prices as plain JSON numbers ({@link WireJson}),
 * absent references as {@code null}, times as ISO 8601 UTC. {@link #name()} is the type's short
 * name.
 */
public sealed interface TradingEvent {

  /** The short name, e.g. {@code order.filled}: the type is {@code equitoken.trading.<name>.v1}. */
  String name();

  /** Why a command was refused: a stable code and a sentence for people. */
  record Reason(String code, String detail) {}

  record OrderAccepted(
      String orderId,
      String ownerId,
      String tokenId,
      String windowId,
      String side,
      BigDecimal quantity,
      BigDecimal limitPrice,
      Instant acceptedAt)
      implements TradingEvent {
    @Override
    public String name() {
      return "order.accepted";
    }
  }

  /**
   * {@code quantity} and {@code limitPrice} as the command gave them (they may be off the grid).
   */
  record OrderRejected(
      String orderId,
      String ownerId,
      String tokenId,
      String windowId,
      String side,
      BigDecimal quantity,
      BigDecimal limitPrice,
      Reason reason,
      Instant rejectedAt)
      implements TradingEvent {
    @Override
    public String name() {
      return "order.rejected";
    }
  }

  record TradeExecuted(
      String tradeId,
      String tokenId,
      String windowId,
      BigDecimal price,
      BigDecimal quantity,
      String buyerId,
      String sellerId,
      String buyOrderId,
      String sellOrderId,
      Instant executedAt)
      implements TradingEvent {
    @Override
    public String name() {
      return "trade.executed";
    }
  }

  /** {@code status} is {@code filled} or {@code partially_filled}. */
  record OrderFilled(
      String orderId,
      String ownerId,
      String tokenId,
      String windowId,
      String tradeId,
      String side,
      BigDecimal price,
      BigDecimal quantity,
      BigDecimal filledQuantity,
      BigDecimal remainingQuantity,
      BigDecimal averagePrice,
      String status,
      Instant executedAt)
      implements TradingEvent {
    @Override
    public String name() {
      return "order.filled";
    }
  }

  record OrderCancelled(
      String orderId,
      String ownerId,
      String tokenId,
      String windowId,
      BigDecimal filledQuantity,
      BigDecimal remainingQuantity,
      String reason,
      Instant cancelledAt)
      implements TradingEvent {
    @Override
    public String name() {
      return "order.cancelled";
    }
  }

  record OrderExpired(
      String orderId,
      String ownerId,
      String tokenId,
      String windowId,
      BigDecimal filledQuantity,
      BigDecimal remainingQuantity,
      Instant expiredAt)
      implements TradingEvent {
    @Override
    public String name() {
      return "order.expired";
    }
  }

  /**
   * {@code price}, {@code tradeId}, {@code orderId}, {@code transferId}, {@code windowId}: see
   * {@link HoldingCause}.
   */
  record HoldingChanged(
      String ownerId,
      String tokenId,
      long sequence,
      BigDecimal quantity,
      BigDecimal availableQuantity,
      BigDecimal delta,
      String reason,
      BigDecimal price,
      String tradeId,
      String orderId,
      String transferId,
      String windowId,
      Instant occurredAt)
      implements TradingEvent {
    @Override
    public String name() {
      return "holding.changed";
    }
  }

  /**
   * {@code previousPrice} is null before the first price; {@code reason} trade or auction_clearing.
   */
  record PriceUpdated(
      String tokenId,
      BigDecimal price,
      BigDecimal previousPrice,
      String reason,
      String windowId,
      Instant asOf)
      implements TradingEvent {
    @Override
    public String name() {
      return "price.updated";
    }
  }

  record TransferExecuted(
      String transferId,
      String tokenId,
      String fromId,
      String toId,
      BigDecimal quantity,
      String reason,
      String requestedBy,
      Instant executedAt)
      implements TradingEvent {
    @Override
    public String name() {
      return "transfer.executed";
    }
  }

  /** {@code quantity} as the command gave it. */
  record TransferRejected(
      String transferId,
      String tokenId,
      String fromId,
      String toId,
      BigDecimal quantity,
      Reason reason,
      String requestedBy,
      Instant rejectedAt)
      implements TradingEvent {
    @Override
    public String name() {
      return "transfer.rejected";
    }
  }

  /** Not cleared: no {@code clearingPrice}, volume and imbalance 0, side {@code none}. */
  record AuctionResult(
      String windowId,
      String tokenId,
      boolean cleared,
      BigDecimal clearingPrice,
      BigDecimal volume,
      BigDecimal imbalance,
      String imbalanceSide,
      Instant decidedAt)
      implements TradingEvent {
    @Override
    public String name() {
      return "auction.result";
    }
  }

  /**
   * Nothing would execute: no {@code indicativePrice}, volume and imbalance 0, side {@code none}.
   */
  record AuctionIndicative(
      String windowId,
      String tokenId,
      BigDecimal indicativePrice,
      BigDecimal indicativeVolume,
      BigDecimal imbalance,
      String imbalanceSide,
      Instant asOf)
      implements TradingEvent {
    @Override
    public String name() {
      return "auction.indicative";
    }
  }
}
