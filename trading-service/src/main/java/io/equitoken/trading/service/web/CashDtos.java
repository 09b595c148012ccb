package io.equitoken.trading.service.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.trading.service.cash.CashAccount;
import io.equitoken.trading.service.cash.CashEntry;
import io.equitoken.trading.service.cash.Deposit;
import io.equitoken.trading.service.cash.LedgerTotals;
import io.equitoken.trading.service.cash.Money;
import io.equitoken.trading.service.cash.Reservation;
import io.equitoken.trading.service.cash.Withdrawal;
import jakarta.validation.constraints.NotNull;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * Request and response bodies of the cash API. Every amount is a decimal in the settlement currency
 * ({@code currency}, USD by default) with at most its decimal places (2 for USD).
 */
final class CashDtos {

  private CashDtos() {}

  /** {@code POST /cash/deposits}: what the payments side reports as received. */
  record RecordDeposit(
      @NotNull String ownerId,
      @NotNull BigDecimal amount,
      String currency,
      @NotNull String externalReference) {}

  /** {@code POST /cash/withdrawals}. */
  record RequestWithdrawal(@NotNull BigDecimal amount, String currency) {}

  /** {@code POST /cash/withdrawals/{id}/paid}. */
  record MarkPaid(@NotNull String externalReference) {}

  /** {@code POST /cash/withdrawals/{id}/failed}. */
  record MarkFailed(@NotNull String reason) {}

  /** {@code POST /cash/adjustments}: a signed correction with its reason. */
  record Adjust(
      @NotNull String ownerId,
      @NotNull BigDecimal amount,
      String currency,
      @NotNull String reason) {}

  record Account(
      String ownerId,
      String currency,
      BigDecimal balance,
      BigDecimal reserved,
      BigDecimal available,
      long sequence,
      Instant updatedAt) {}

  /** One line of {@code GET /investor/transactions} and of an account's entries. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Transaction(
      String transactionId,
      long sequence,
      String type,
      String currency,
      BigDecimal amount,
      BigDecimal reservedChange,
      BigDecimal balance,
      BigDecimal reserved,
      BigDecimal available,
      String tokenId,
      BigDecimal price,
      BigDecimal quantity,
      BigDecimal fee,
      String orderId,
      String tradeId,
      String depositId,
      String withdrawalId,
      String reason,
      Instant occurredAt) {}

  record DepositView(
      String depositId,
      String ownerId,
      String currency,
      BigDecimal amount,
      String externalReference,
      String recordedBy,
      Instant recordedAt) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  record WithdrawalView(
      String withdrawalId,
      String ownerId,
      String currency,
      BigDecimal amount,
      String status,
      Instant requestedAt,
      String externalReference,
      String failureReason,
      String settledBy,
      Instant settledAt) {}

  record Summary(
      String currency,
      BigDecimal balances,
      BigDecimal reserved,
      BigDecimal deposits,
      BigDecimal paidWithdrawals,
      BigDecimal adjustments,
      boolean balanced) {}

  /** A buy order's cash, on {@code GET /trade/status/{tradeId}} and in the 202 of a buy. */
  record OrderCash(
      String currency,
      BigDecimal reserved,
      BigDecimal spent,
      BigDecimal released,
      BigDecimal held) {}

  static Account account(Money m, CashAccount a) {
    return new Account(
        a.ownerId(),
        m.currency(),
        m.major(a.balance()),
        m.major(a.reserved()),
        m.major(a.available()),
        a.sequence(),
        a.updatedAt());
  }

  static Transaction transaction(Money m, CashEntry e) {
    CashEntry.Refs r = e.refs();
    return new Transaction(
        e.id().toString(),
        e.sequence(),
        e.kind().wire(),
        m.currency(),
        m.major(e.amount()),
        m.major(e.reservedChange()),
        m.major(e.balanceAfter()),
        m.major(e.reservedAfter()),
        m.major(e.available()),
        r.tokenId(),
        r.price(),
        r.quantity(),
        r.fee() == null ? null : m.major(r.fee()),
        r.orderId() == null ? null : r.orderId().toString(),
        r.tradeId(),
        r.depositId() == null ? null : r.depositId().toString(),
        r.withdrawalId() == null ? null : r.withdrawalId().toString(),
        r.reason(),
        e.occurredAt());
  }

  static DepositView deposit(Money m, Deposit d) {
    return new DepositView(
        d.id().toString(),
        d.ownerId(),
        m.currency(),
        m.major(d.amount()),
        d.externalReference(),
        d.recordedBy(),
        d.recordedAt());
  }

  static WithdrawalView withdrawal(Money m, Withdrawal w) {
    return new WithdrawalView(
        w.id().toString(),
        w.ownerId(),
        m.currency(),
        m.major(w.amount()),
        w.status().wire(),
        w.requestedAt(),
        w.externalReference(),
        w.failureReason(),
        w.settledBy(),
        w.settledAt());
  }

  static Summary summary(Money m, LedgerTotals t) {
    return new Summary(
        m.currency(),
        m.major(t.balances()),
        m.major(t.reserved()),
        m.major(t.deposits()),
        m.major(t.paidWithdrawals()),
        m.major(t.adjustments()),
        t.balanced());
  }

  static OrderCash orderCash(Money m, Reservation r) {
    return new OrderCash(
        m.currency(),
        m.major(r.amount()),
        m.major(r.spent()),
        m.major(r.released()),
        m.major(r.held()));
  }
}
