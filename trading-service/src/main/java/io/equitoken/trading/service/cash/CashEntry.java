package io.equitoken.trading.service.cash;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/**
 * One change of one account, the ledger's line: how the balance ({@code amount}) and the
 * reservation ({@code reservedChange}) moved, the account after it, and what caused it. Amounts in
 * minor units; {@code sequence} is 1, 2, 3, … per owner with no gaps.
 */
public record CashEntry(
    UUID id,
    String ownerId,
    long sequence,
    CashKind kind,
    long amount,
    long reservedChange,
    long balanceAfter,
    long reservedAfter,
    Refs refs,
    Instant occurredAt) {

  /** What caused an entry; each null where it does not apply. */
  public record Refs(
      UUID orderId,
      String tradeId,
      UUID depositId,
      UUID withdrawalId,
      String tokenId,
      BigDecimal price,
      BigDecimal quantity,
      Long fee,
      String reason,
      String actor) {

    public static final Refs NONE =
        new Refs(null, null, null, null, null, null, null, null, null, null);

    public static Refs order(UUID orderId, String tokenId) {
      return new Refs(orderId, null, null, null, tokenId, null, null, null, null, null);
    }

    public static Refs trade(
        UUID orderId,
        String tradeId,
        String tokenId,
        BigDecimal price,
        BigDecimal quantity,
        long fee) {
      return new Refs(orderId, tradeId, null, null, tokenId, price, quantity, fee, null, null);
    }

    public static Refs deposit(UUID depositId, String actor) {
      return new Refs(null, null, depositId, null, null, null, null, null, null, actor);
    }

    public static Refs withdrawal(UUID withdrawalId, String reason, String actor) {
      return new Refs(null, null, null, withdrawalId, null, null, null, null, reason, actor);
    }

    public static Refs adjustment(String reason, String actor) {
      return new Refs(null, null, null, null, null, null, null, null, reason, actor);
    }
  }

  /** A change not yet applied: the store assigns the sequence and the account after it. */
  public record Draft(
      UUID id,
      String ownerId,
      CashKind kind,
      long amount,
      long reservedChange,
      Refs refs,
      Instant occurredAt) {

    /** Only credits (nothing taken, nothing reserved) may open an account. */
    public boolean credit() {
      return amount >= 0 && reservedChange == 0;
    }
  }

  public long available() {
    return balanceAfter - reservedAfter;
  }
}
