package io.equitoken.trading.service.cash;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The ledger's port kept in maps, for the unit tests and properties of {@link CashLedger}'s rules:
 * every change goes through {@link CashRules#apply}, exactly as the SQL statement of the real store
 * guards it (which {@code CashIT} exercises against PostgreSQL).
 */
final class LedgerBooks implements CashStore {

  final Map<String, CashAccount> accounts = new LinkedHashMap<>();
  final List<CashEntry> entries = new ArrayList<>();
  final Map<UUID, Reservation> reservations = new HashMap<>();
  final Map<String, Settlement> settlements = new HashMap<>();
  final Map<String, Deposit> deposits = new HashMap<>();
  final Map<UUID, Withdrawal> withdrawals = new HashMap<>();

  @Override
  public Mono<CashEntry> apply(CashEntry.Draft change) {
    return Mono.fromSupplier(
        () -> {
          CashAccount account =
              accounts.getOrDefault(change.ownerId(), CashAccount.empty(change.ownerId(), "USD"));
          return CashRules.apply(account, change)
              .map(
                  after -> {
                    accounts.put(after.ownerId(), after);
                    CashEntry e =
                        new CashEntry(
                            change.id(),
                            change.ownerId(),
                            after.sequence(),
                            change.kind(),
                            change.amount(),
                            change.reservedChange(),
                            after.balance(),
                            after.reserved(),
                            change.refs(),
                            change.occurredAt());
                    entries.add(e);
                    return e;
                  })
              .orElse(null);
        });
  }

  @Override
  public Mono<CashAccount> account(String ownerId) {
    return Mono.justOrEmpty(accounts.get(ownerId));
  }

  @Override
  public Flux<CashAccount> accounts(String afterOwnerId, int limit) {
    return Flux.fromIterable(accounts.values())
        .filter(a -> afterOwnerId == null || a.ownerId().compareTo(afterOwnerId) > 0)
        .sort(Comparator.comparing(CashAccount::ownerId))
        .take(limit);
  }

  @Override
  public Flux<CashEntry> entries(String ownerId, Long beforeSequence, CashKind kind, int limit) {
    return Flux.fromIterable(entries)
        .filter(e -> e.ownerId().equals(ownerId))
        .filter(e -> beforeSequence == null || e.sequence() < beforeSequence)
        .filter(e -> kind == null || e.kind() == kind)
        .sort(Comparator.comparingLong(CashEntry::sequence).reversed())
        .take(limit);
  }

  @Override
  public Mono<CashEntry> reserve(CashEntry.Draft r) {
    UUID orderId = r.refs().orderId();
    return apply(r)
        .doOnNext(
            e ->
                reservations.put(
                    orderId,
                    new Reservation(
                        orderId, r.ownerId(), r.reservedChange(), BigDecimal.ZERO, 0, 0, null)));
  }

  @Override
  public Mono<Reservation> reservation(UUID orderId) {
    return Mono.justOrEmpty(reservations.get(orderId));
  }

  @Override
  public Flux<Reservation> reservations(java.util.Collection<UUID> orderIds) {
    return Flux.fromIterable(orderIds).mapNotNull(reservations::get);
  }

  @Override
  public Flux<Reservation> lockReservations(Collection<UUID> orderIds) {
    return reservations(orderIds);
  }

  @Override
  public Flux<String> settledTrades(Collection<String> tradeIds) {
    return Flux.fromIterable(tradeIds).filter(settlements::containsKey);
  }

  @Override
  public Mono<Void> claimSettlements(List<Settlement> claimed) {
    return Mono.fromRunnable(() -> claimed.forEach(s -> settlements.putIfAbsent(s.tradeId(), s)));
  }

  @Override
  public Mono<Void> updateReservations(List<Reservation> changed) {
    return Mono.fromRunnable(
        () -> changed.forEach(r -> reservations.computeIfPresent(r.orderId(), (id, old) -> r)));
  }

  @Override
  public Flux<CashEntry> applyAll(List<CashEntry.Draft> changes) {
    return Flux.fromIterable(changes)
        .concatMap(
            c ->
                apply(c)
                    .switchIfEmpty(
                        Mono.error(
                            () -> new IllegalStateException("Cash change would overdraw: " + c))));
  }

  @Override
  public Mono<Boolean> insertDeposit(Deposit deposit) {
    return Mono.fromSupplier(
        () -> deposits.putIfAbsent(deposit.externalReference(), deposit) == null);
  }

  @Override
  public Mono<Deposit> depositByReference(String externalReference) {
    return Mono.justOrEmpty(deposits.get(externalReference));
  }

  @Override
  public Mono<Deposit> deposit(UUID id) {
    return Mono.justOrEmpty(deposits.values().stream().filter(d -> d.id().equals(id)).findFirst());
  }

  @Override
  public Mono<Void> insertWithdrawal(Withdrawal withdrawal) {
    return Mono.fromRunnable(() -> withdrawals.put(withdrawal.id(), withdrawal));
  }

  @Override
  public Mono<Withdrawal> withdrawal(UUID id) {
    return Mono.justOrEmpty(withdrawals.get(id));
  }

  @Override
  public Mono<Withdrawal> lockWithdrawal(UUID id) {
    return withdrawal(id);
  }

  @Override
  public Mono<Void> updateWithdrawal(Withdrawal withdrawal) {
    return insertWithdrawal(withdrawal);
  }

  @Override
  public Flux<Withdrawal> withdrawals(
      String ownerId, Withdrawal.Status status, Instant beforeAt, UUID beforeId, int limit) {
    return Flux.fromIterable(withdrawals.values())
        .filter(w -> ownerId == null || w.ownerId().equals(ownerId))
        .filter(w -> status == null || w.status() == status)
        .take(limit);
  }

  @Override
  public Mono<LedgerTotals> totals() {
    return Mono.fromSupplier(
        () ->
            new LedgerTotals(
                accounts.values().stream().mapToLong(CashAccount::balance).sum(),
                accounts.values().stream().mapToLong(CashAccount::reserved).sum(),
                deposits.values().stream().mapToLong(Deposit::amount).sum(),
                withdrawals.values().stream()
                    .filter(w -> w.status() == Withdrawal.Status.PAID)
                    .mapToLong(Withdrawal::amount)
                    .sum(),
                entries.stream()
                    .filter(e -> e.kind() == CashKind.ADJUSTMENT)
                    .mapToLong(CashEntry::amount)
                    .sum(),
                accounts.values().stream()
                    .filter(a -> a.reserved() < 0 || a.balance() < a.reserved())
                    .count()));
  }
}
