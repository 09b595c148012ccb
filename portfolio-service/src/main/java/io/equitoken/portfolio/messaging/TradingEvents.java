package io.equitoken.portfolio.messaging;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * This service's own copies of the trading events it uses (contracts/events/trading/), trimmed to
 * the fields it reads; unknown members are ignored (additive changes within v1). {@code
 * trade.executed} and {@code transfer.executed} are not needed: every holding change they cause
 * arrives as {@code holding.changed}, without the counterparty, which investors must not see.
 */
final class TradingEvents {

  static final String TOPIC = "trading.events.v1";
  static final String HOLDING_CHANGED = "equitoken.trading.holding.changed.v1";
  static final String PRICE_UPDATED = "equitoken.trading.price.updated.v1";
  static final String CASH_CHANGED = "equitoken.trading.cash.changed.v1";

  private TradingEvents() {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record HoldingChanged(
      String ownerId,
      String tokenId,
      Long sequence,
      BigDecimal quantity,
      BigDecimal availableQuantity,
      BigDecimal delta,
      String reason,
      BigDecimal price,
      String tradeId,
      String orderId,
      String transferId,
      String windowId,
      Instant occurredAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record PriceUpdated(String tokenId, BigDecimal price, Instant asOf) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record CashChanged(
      String ownerId,
      String currency,
      Long sequence,
      BigDecimal balance,
      BigDecimal reserved,
      BigDecimal available,
      BigDecimal amount,
      BigDecimal reservedChange,
      String reason,
      String orderId,
      String tradeId,
      String depositId,
      String withdrawalId,
      String tokenId,
      BigDecimal price,
      BigDecimal quantity,
      BigDecimal fee,
      Instant occurredAt) {}
}
