package io.equitoken.trading.service.cash;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Where the ledger lives; every method runs in the caller's transaction. */
public interface CashStore {

  /**
   * Applies one change as {@link CashRules#apply} says, atomically against concurrent changes of
   * the same account, and records its entry; empty when the change would overdraw the account.
   */
  Mono<CashEntry> apply(CashEntry.Draft change);

  /** The account, or empty if the owner never held cash. */
  Mono<CashAccount> account(String ownerId);

  /** Accounts ordered by owner id, after {@code afterOwnerId} (null: from the start). */
  Flux<CashAccount> accounts(String afterOwnerId, int limit);

  /** An owner's entries, newest first, before {@code beforeSequence} (null: from the newest). */
  Flux<CashEntry> entries(String ownerId, Long beforeSequence, CashKind kind, int limit);

  /**
   * {@link #apply} for a buy order's reservation ({@code reservedChange} > 0, refs naming the
   * order), recording the order's {@link Reservation} of that amount with it; empty, and nothing
   * recorded, when the account cannot cover it.
   */
  Mono<CashEntry> reserve(CashEntry.Draft reservation);

  Mono<Reservation> reservation(UUID orderId);

  /** The reservations of these orders (those that have one), in one read. */
  Flux<Reservation> reservations(java.util.Collection<UUID> orderIds);

  /**
   * The reservations of these orders (those that have one), locked until the transaction ends: the
   * fills and the release of one order are worked out on its reservation one poll at a time.
   */
  Flux<Reservation> lockReservations(Collection<UUID> orderIds);

  /** Which of these trades were settled before. */
  Flux<String> settledTrades(Collection<String> tradeIds);

  /** Records the trades' settlements (a trade settled before is left as it was). */
  Mono<Void> claimSettlements(List<Settlement> settlements);

  /** Writes the reservations' spent, notional, released and closed time as given. */
  Mono<Void> updateReservations(List<Reservation> reservations);

  /**
   * Applies the changes in order, each as {@link #apply} would, atomically against concurrent
   * changes of the same accounts, and answers their entries in that order; fails (and so rolls the
   * transaction back) when one would leave its account overdrawn.
   */
  Flux<CashEntry> applyAll(List<CashEntry.Draft> changes);

  /** Records a deposit; false when its external reference is known already. */
  Mono<Boolean> insertDeposit(Deposit deposit);

  Mono<Deposit> depositByReference(String externalReference);

  Mono<Deposit> deposit(UUID id);

  Mono<Void> insertWithdrawal(Withdrawal withdrawal);

  Mono<Withdrawal> withdrawal(UUID id);

  /** The withdrawal, locked until the transaction ends. */
  Mono<Withdrawal> lockWithdrawal(UUID id);

  Mono<Void> updateWithdrawal(Withdrawal withdrawal);

  /** Withdrawals newest first; by owner and/or status when given. */
  Flux<Withdrawal> withdrawals(
      String ownerId, Withdrawal.Status status, Instant beforeAt, UUID beforeId, int limit);

  Mono<LedgerTotals> totals();
}
