package io.equitoken.listings.messaging;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * This service's own copies of the trading events it consumes, trimmed to the fields it uses; see
 * {@code contracts/events/trading/} for the full contracts. Unknown members are ignored so that
 * trading can add fields (additive changes within a version).
 */
final class TradingEvents {

  static final String TOPIC = "trading.events.v1";
  static final String PRICE_UPDATED = "equitoken.trading.price.updated.v1";
  static final String TRADE_EXECUTED = "equitoken.trading.trade.executed.v1";
  static final String CASH_CHANGED = "equitoken.trading.cash.changed.v1";

  private TradingEvents() {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record PriceUpdated(String tokenId, BigDecimal price, Instant asOf) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record TradeExecuted(
      String tokenId, BigDecimal price, BigDecimal quantity, String sellerId, Instant executedAt) {}

  /** Only what a {@code sell} entry needs: who was paid, for which trade and token, how much. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record CashChanged(
      String ownerId,
      String reason,
      String tradeId,
      String tokenId,
      BigDecimal amount,
      BigDecimal fee,
      Instant occurredAt) {}
}
