package io.equitoken.portfolio.valuation;

import io.equitoken.portfolio.cash.CashReason;
import io.equitoken.portfolio.holding.Reason;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Port: the read side of the model, for answers to investors and operators. */
public interface PortfolioReads {

  /** An owner's current holding of a token, with the token's name and current price. */
  record CurrentHolding(
      String tokenId,
      String startup,
      BigDecimal quantity,
      BigDecimal availableQuantity,
      BigDecimal costBasis,
      Instant changedAt,
      BigDecimal price,
      Instant priceAt) {}

  /**
   * One movement of tokens (reserving and releasing are not movements), with the cash leg of the
   * same trade when trading reported it ({@code cashAmount}, {@code fee}, {@code cashBalance}); or
   * one listed cash change (deposit, paid withdrawal, adjustment, fee), which has a {@code
   * cashReason} and no holding {@code reason}. {@code sortKey} is the token id of a token movement
   * and empty for a cash change.
   */
  record Movement(
      String ownerId,
      String tokenId,
      String sortKey,
      long sequence,
      String startup,
      Reason reason,
      CashReason cashReason,
      BigDecimal delta,
      BigDecimal price,
      String tradeId,
      String windowId,
      BigDecimal cashAmount,
      BigDecimal fee,
      BigDecimal cashBalance,
      Instant occurredAt) {}

  /** Where a page of movements continues: after this sort key (newest first). */
  record MovementKey(Instant occurredAt, String sortKey, long sequence) {}

  /**
   * {@code reasons}: the holding reasons to list (null: every quantity-changing one); {@code
   * cashReasons}: the listed cash reasons (null: all of them). An empty list lists none.
   */
  record MovementFilter(
      String ownerId,
      List<Reason> reasons,
      List<CashReason> cashReasons,
      String tokenId,
      Instant from,
      Instant to) {}

  /** An owner's cash account as the newest cash change reported it. */
  record CashAccount(
      String currency,
      BigDecimal balance,
      BigDecimal reserved,
      BigDecimal available,
      Instant updatedAt) {}

  /** Per currency: all balances together, and what came in and went out of the platform. */
  record CashTotals(
      String currency,
      BigDecimal balances,
      BigDecimal deposits,
      BigDecimal withdrawalsPaid,
      BigDecimal adjustments,
      long accounts) {}

  /**
   * An account whose stored changes do not add up: a sequence is missing ({@code changesSeen <
   * sequence}), its balance is not the sum of its amounts, or more is reserved than held.
   */
  record CashGap(
      String ownerId,
      long sequence,
      long changesSeen,
      BigDecimal balance,
      BigDecimal reserved,
      BigDecimal sumOfAmounts) {}

  /** The owner's cash account, empty if no cash change of theirs arrived yet. */
  Mono<CashAccount> cashAccount(String ownerId);

  /** The owner's balance after each cash change up to {@code to}, oldest first. */
  Flux<ValuationHistory.CashStep> cashSteps(String ownerId, Instant to);

  Flux<CashTotals> cashTotals();

  Flux<CashGap> cashGaps();

  /** Per token: the supply issued and what all holders hold together. */
  record TokenBalance(String tokenId, BigDecimal supply, BigDecimal held, long holders) {}

  /** Every token the owner ever held, including emptied holdings. */
  Flux<CurrentHolding> holdings(String ownerId);

  Flux<Movement> movements(MovementFilter filter, MovementKey after, int limit);

  /** The owner's quantity changes up to {@code to}, oldest first. */
  Flux<ValuationHistory.HoldingStep> steps(String ownerId, Instant to);

  /** For each token: the last price before {@code from}, and every price in {@code [from, to]}. */
  Flux<ValuationHistory.PricePoint> prices(Collection<String> tokenIds, Instant from, Instant to);

  Flux<TokenBalance> balances();
}
