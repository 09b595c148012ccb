package io.equitoken.trading.service.cash;

import io.equitoken.trading.service.kernel.TradingMessage;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * What the ledger publishes on {@code trading.events.v1}, keyed by the owner id: every account
 * change ({@code cash.changed}, with the owner's sequence so that consumers apply it out of order
 * safely) and the deposit and withdrawal lifecycles. Amounts in the currency's units (12.50), not
 * minor units.
 */
public final class CashEvents {

  private CashEvents() {}

  /** {@code cash.changed}: one account change and the account after it. */
  public record Changed(
      String ownerId,
      String currency,
      long sequence,
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
      Instant occurredAt)
      implements TradingMessage {}

  /** {@code cash.deposit.recorded}. */
  public record DepositRecorded(
      String depositId,
      String ownerId,
      String currency,
      BigDecimal amount,
      String externalReference,
      String recordedBy,
      Instant recordedAt)
      implements TradingMessage {}

  /** {@code cash.withdrawal.requested}, {@code .paid} and {@code .failed}. */
  public record WithdrawalChanged(
      String withdrawalId,
      String ownerId,
      String currency,
      BigDecimal amount,
      String status,
      String externalReference,
      String failureReason,
      Instant requestedAt,
      Instant settledAt)
      implements TradingMessage {}
}
