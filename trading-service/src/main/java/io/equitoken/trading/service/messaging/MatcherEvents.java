package io.equitoken.trading.service.messaging;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/**
 * This service's copies of the matcher's results on {@code trading.events.v1} that it projects
 * (order statuses, fills, price history, auction state), trimmed to the fields it uses.
 */
final class MatcherEvents {

  static final String TOPIC = "trading.events.v1";
  static final String PREFIX = "equitoken.trading.";

  private MatcherEvents() {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Accepted(UUID orderId, Instant acceptedAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Reason(String code, String detail) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record HoldingChanged(String ownerId, String tokenId, Long sequence, BigDecimal quantity) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Rejected(UUID orderId, Reason reason, Instant rejectedAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Filled(
      UUID orderId,
      String tradeId,
      BigDecimal price,
      BigDecimal quantity,
      BigDecimal filledQuantity,
      BigDecimal remainingQuantity,
      BigDecimal averagePrice,
      String status,
      Instant executedAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Cancelled(
      UUID orderId,
      BigDecimal filledQuantity,
      BigDecimal remainingQuantity,
      String reason,
      Instant cancelledAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Expired(
      UUID orderId, BigDecimal filledQuantity, BigDecimal remainingQuantity, Instant expiredAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record TradeExecuted(
      String tradeId,
      String tokenId,
      UUID windowId,
      BigDecimal price,
      BigDecimal quantity,
      String buyerId,
      String sellerId,
      UUID buyOrderId,
      UUID sellOrderId,
      Instant executedAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record AuctionIndicative(
      UUID windowId,
      String tokenId,
      BigDecimal indicativePrice,
      BigDecimal indicativeVolume,
      BigDecimal imbalance,
      String imbalanceSide,
      Instant asOf) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record AuctionResult(
      UUID windowId,
      String tokenId,
      Boolean cleared,
      BigDecimal clearingPrice,
      Instant decidedAt) {}
}
