package io.equitoken.trading.service.persistence;

import io.equitoken.platform.events.UnnestRows;
import io.equitoken.trading.service.cash.CashAccount;
import io.equitoken.trading.service.cash.CashEntry;
import io.equitoken.trading.service.cash.CashKind;
import io.equitoken.trading.service.cash.CashLedger;
import io.equitoken.trading.service.cash.CashStore;
import io.equitoken.trading.service.cash.Deposit;
import io.equitoken.trading.service.cash.LedgerTotals;
import io.equitoken.trading.service.cash.Reservation;
import io.equitoken.trading.service.cash.Settlement;
import io.equitoken.trading.service.cash.Withdrawal;
import io.r2dbc.spi.Readable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The ledger on PostgreSQL. A change and its entry are one statement ({@link CashEntrySql}): the
 * account row is updated only where the result stays whole, and the entry is written from the
 * updated row, so the two cannot disagree.
 */
@Component
class R2dbcCashStore implements CashStore {

  /** A credit may open the account. */
  private static final String CREDIT =
      "with a as (insert into cash_account as c (owner_id, currency, balance, reserved, sequence,"
          + " updated_at) values (:owner, :currency, :amount, 0, 1, :at) on conflict (owner_id) do"
          + " update set balance = c.balance + excluded.balance, sequence = c.sequence + 1,"
          + " updated_at = excluded.updated_at"
          + CashEntrySql.ACCOUNT_RETURNING
          + ") "
          + CashEntrySql.ENTRY_FROM_ACCOUNT;

  /** Any other change needs the account, and applies only where it stays whole. */
  private static final String MOVE =
      "with a as ("
          + CashEntrySql.MOVE_ACCOUNT
          + CashEntrySql.ACCOUNT_RETURNING
          + ") "
          + CashEntrySql.ENTRY_FROM_ACCOUNT;

  /** A buy's reservation: the move, and the order's reservation row from the same updated row. */
  private static final String RESERVE =
      "with a as ("
          + CashEntrySql.MOVE_ACCOUNT
          + CashEntrySql.ACCOUNT_RETURNING
          + "), r as ("
          + CashEntrySql.RESERVATION_FROM_ACCOUNT
          + ") "
          + CashEntrySql.ENTRY_FROM_ACCOUNT;

  private final DatabaseClient db;
  private final String currency;

  R2dbcCashStore(DatabaseClient db, CashLedger.Settings settings) {
    this.db = db;
    this.currency = settings.money().currency();
  }

  @Override
  public Mono<CashEntry> apply(CashEntry.Draft c) {
    return apply(c, c.credit() ? CREDIT : MOVE);
  }

  @Override
  public Mono<CashEntry> reserve(CashEntry.Draft reservation) {
    return apply(reservation, RESERVE);
  }

  private Mono<CashEntry> apply(CashEntry.Draft c, String sql) {
    DatabaseClient.GenericExecuteSpec spec = CashEntrySql.bind(db.sql(sql), c);
    if (c.credit()) {
      spec = spec.bind("currency", currency);
    }
    return spec.map(row -> CashEntrySql.entry(row, c)).one();
  }

  @Override
  public Mono<CashAccount> account(String ownerId) {
    return db.sql("select * from cash_account where owner_id = :owner")
        .bind("owner", ownerId)
        .map(R2dbcCashStore::readAccount)
        .one();
  }

  @Override
  public Flux<CashAccount> accounts(String afterOwnerId, int limit) {
    var spec =
        db.sql(
                "select * from cash_account where (cast(:after as text) is null or owner_id >"
                    + " :after) order by owner_id limit :limit")
            .bind("limit", limit);
    return Sql.bind(spec, "after", afterOwnerId, String.class)
        .map(R2dbcCashStore::readAccount)
        .all();
  }

  @Override
  public Flux<CashEntry> entries(String ownerId, Long beforeSequence, CashKind kind, int limit) {
    var spec =
        db.sql(
                "select * from cash_entry where owner_id = :owner and (cast(:before as bigint) is"
                    + " null or sequence < :before) and (cast(:kind as text) is null or kind ="
                    + " :kind) order by sequence desc limit :limit")
            .bind("owner", ownerId)
            .bind("limit", limit);
    spec = Sql.bind(spec, "before", beforeSequence, Long.class);
    spec = Sql.bind(spec, "kind", kind == null ? null : kind.wire(), String.class);
    return spec.map(R2dbcCashStore::readEntry).all();
  }

  @Override
  public Mono<Reservation> reservation(UUID orderId) {
    return db.sql("select * from cash_reservation where order_id = :order")
        .bind("order", orderId)
        .map(R2dbcCashStore::readReservation)
        .one();
  }

  @Override
  public Flux<Reservation> reservations(java.util.Collection<UUID> orderIds) {
    if (orderIds.isEmpty()) {
      return Flux.empty();
    }
    return db.sql("select * from cash_reservation where order_id = any(:orders)")
        .bind("orders", orderIds.toArray(UUID[]::new))
        .map(R2dbcCashStore::readReservation)
        .all();
  }

  @Override
  public Flux<Reservation> lockReservations(Collection<UUID> orderIds) {
    if (orderIds.isEmpty()) {
      return Flux.empty();
    }
    // in one order, so that two transactions locking some of the same rows cannot deadlock
    return db.sql(
            "select * from cash_reservation where order_id = any(:orders) order by order_id for"
                + " update")
        .bind("orders", orderIds.toArray(UUID[]::new))
        .map(R2dbcCashStore::readReservation)
        .all();
  }

  @Override
  public Flux<String> settledTrades(Collection<String> tradeIds) {
    if (tradeIds.isEmpty()) {
      return Flux.empty();
    }
    return db.sql("select trade_id from cash_settlement where trade_id = any(:trades)")
        .bind("trades", tradeIds.toArray(String[]::new))
        .map(row -> row.get("trade_id", String.class))
        .all();
  }

  private static final UnnestRows<Settlement> SETTLEMENTS =
      UnnestRows.<Settlement>as("s")
          .column("trade_id", "text", Settlement::tradeId)
          .column("buy_order_id", "uuid", Settlement::buyOrderId)
          .column("sell_order_id", "uuid", Settlement::sellOrderId)
          .column("buyer_id", "text", Settlement::buyerId)
          .column("seller_id", "text", Settlement::sellerId)
          .column("amount", "bigint", Settlement::amount)
          .column("fee", "bigint", Settlement::fee)
          .column("status", "text", s -> s.funded() ? "settled" : "unfunded")
          .column("settled_at", "timestamptz", Settlement::settledAt);

  @Override
  public Mono<Void> claimSettlements(List<Settlement> settlements) {
    if (settlements.isEmpty()) {
      return Mono.empty();
    }
    var insert =
        db.sql(
            "insert into cash_settlement (trade_id, buy_order_id, sell_order_id, buyer_id,"
                + " seller_id, amount, fee, status, settled_at) select * from "
                + SETTLEMENTS.clause()
                + " on conflict (trade_id) do nothing");
    return SETTLEMENTS.bind(insert, settlements).fetch().rowsUpdated().then();
  }

  private static final UnnestRows<Reservation> RESERVATIONS =
      UnnestRows.<Reservation>as("u")
          .column("order_id", "uuid", Reservation::orderId)
          .column("notional", "numeric", Reservation::notional)
          .column("spent", "bigint", Reservation::spent)
          .column("released", "bigint", Reservation::released)
          .column("closed_at", "timestamptz", Reservation::closedAt);

  @Override
  public Mono<Void> updateReservations(List<Reservation> reservations) {
    if (reservations.isEmpty()) {
      return Mono.empty();
    }
    var update =
        db.sql(
            "update cash_reservation r set notional = u.notional, spent = u.spent, released ="
                + " u.released, closed_at = u.closed_at from "
                + RESERVATIONS.clause()
                + " where r.order_id = u.order_id");
    return RESERVATIONS.bind(update, reservations).fetch().rowsUpdated().then();
  }

  private static final UnnestRows<CashEntry.Draft> CHANGES =
      UnnestRows.<CashEntry.Draft>as("d")
          .column("id", "uuid", CashEntry.Draft::id)
          .column("owner_id", "text", CashEntry.Draft::ownerId)
          .column("kind", "text", c -> c.kind().wire())
          .column("amount", "bigint", CashEntry.Draft::amount)
          .column("reserved_change", "bigint", CashEntry.Draft::reservedChange)
          .column("order_id", "uuid", c -> c.refs().orderId())
          .column("trade_id", "text", c -> c.refs().tradeId())
          .column("deposit_id", "uuid", c -> c.refs().depositId())
          .column("withdrawal_id", "uuid", c -> c.refs().withdrawalId())
          .column("token_id", "text", c -> c.refs().tokenId())
          .column("price", "numeric", c -> c.refs().price())
          .column("quantity", "numeric", c -> c.refs().quantity())
          .column("fee", "bigint", c -> c.refs().fee())
          .column("reason", "text", c -> c.refs().reason())
          .column("actor", "text", c -> c.refs().actor())
          .column("occurred_at", "timestamptz", CashEntry.Draft::occurredAt);

  /**
   * Every change of a poll in one statement: per account the sum of its changes, added to the
   * accounts locked in owner order (so that two polls sharing accounts cannot deadlock), new
   * accounts created (only credits may: the checks refuse anything else), then each change's entry
   * with the sequence and the account after it — the account's new figures minus the changes that
   * follow it. An account another transaction creates meanwhile fails the statement (unique owner),
   * and the poll is applied again.
   */
  private static final String APPLY_ALL =
      "with d as (select * from "
          + CHANGES.clauseWithOrdinality("ord")
          + "),"
          + " t as (select owner_id, cast(sum(amount) as bigint) as amount,"
          + " cast(sum(reserved_change) as bigint) as reserved_change, count(*) as entries,"
          + " max(occurred_at) as at from d group by owner_id),"
          + " l as materialized (select owner_id from cash_account where owner_id in (select"
          + " owner_id from t) order by owner_id for update),"
          + " u as (update cash_account c set balance = c.balance + t.amount, reserved ="
          + " c.reserved + t.reserved_change, sequence = c.sequence + t.entries, updated_at = t.at"
          + " from t join l using (owner_id) where c.owner_id = t.owner_id returning c.owner_id,"
          + " c.balance, c.reserved, c.sequence),"
          + " i as (insert into cash_account (owner_id, currency, balance, reserved, sequence,"
          + " updated_at) select owner_id, :currency, amount, reserved_change, entries, at from t"
          + " where owner_id not in (select owner_id from l) order by owner_id returning owner_id,"
          + " balance, reserved, sequence),"
          + " a as (select * from u union all select * from i),"
          + " e as (select d.*, a.sequence - t.entries + row_number() over w as sequence,"
          + " a.balance - coalesce(sum(d.amount) over later, 0) as balance_after,"
          + " a.reserved - coalesce(sum(d.reserved_change) over later, 0) as reserved_after"
          + " from d join t using (owner_id) join a using (owner_id)"
          + " window w as (partition by d.owner_id order by d.ord),"
          + " later as (partition by d.owner_id order by d.ord rows between 1 following and"
          + " unbounded following))"
          + " insert into cash_entry ("
          + CashEntrySql.ENTRY_COLUMNS
          + ") select id, owner_id, sequence, kind, amount, reserved_change, balance_after,"
          + " reserved_after, order_id, trade_id, deposit_id, withdrawal_id, token_id, price,"
          + " quantity, fee, reason, actor, occurred_at from e returning id, sequence,"
          + " balance_after, reserved_after";

  @Override
  public Flux<CashEntry> applyAll(List<CashEntry.Draft> changes) {
    if (changes.isEmpty()) {
      return Flux.empty();
    }
    int n = changes.size();
    var spec = CHANGES.bind(db.sql(APPLY_ALL).bind("currency", currency), changes);
    return spec.map(
            row ->
                new Written(
                    row.get("id", UUID.class),
                    row.get("sequence", Long.class),
                    row.get("balance_after", Long.class),
                    row.get("reserved_after", Long.class)))
        .all()
        .collectMap(Written::id)
        .flatMapIterable(
            written -> {
              List<CashEntry> entries = new ArrayList<>(n);
              for (CashEntry.Draft c : changes) {
                Written w = written.get(c.id());
                if (w.reservedAfter() < 0 || w.balanceAfter() < w.reservedAfter()) {
                  throw new IllegalStateException("Cash change would overdraw: " + c);
                }
                entries.add(
                    new CashEntry(
                        c.id(),
                        c.ownerId(),
                        w.sequence(),
                        c.kind(),
                        c.amount(),
                        c.reservedChange(),
                        w.balanceAfter(),
                        w.reservedAfter(),
                        c.refs(),
                        c.occurredAt()));
              }
              return entries;
            });
  }

  /** What the store wrote of one change: its sequence and the account after it. */
  private record Written(UUID id, long sequence, long balanceAfter, long reservedAfter) {}

  @Override
  public Mono<Boolean> insertDeposit(Deposit d) {
    return db.sql(
            "insert into cash_deposit (id, owner_id, amount, external_reference, recorded_by,"
                + " recorded_at) values (:id, :owner, :amount, :ref, :by, :at) on conflict"
                + " (external_reference) do nothing")
        .bind("id", d.id())
        .bind("owner", d.ownerId())
        .bind("amount", d.amount())
        .bind("ref", d.externalReference())
        .bind("by", d.recordedBy())
        .bind("at", d.recordedAt())
        .fetch()
        .rowsUpdated()
        .map(n -> n == 1);
  }

  @Override
  public Mono<Deposit> depositByReference(String externalReference) {
    return db.sql("select * from cash_deposit where external_reference = :ref")
        .bind("ref", externalReference)
        .map(R2dbcCashStore::readDeposit)
        .one();
  }

  @Override
  public Mono<Deposit> deposit(UUID id) {
    return db.sql("select * from cash_deposit where id = :id")
        .bind("id", id)
        .map(R2dbcCashStore::readDeposit)
        .one();
  }

  @Override
  public Mono<Void> insertWithdrawal(Withdrawal w) {
    return db.sql(
            "insert into cash_withdrawal (id, owner_id, amount, status, requested_by,"
                + " requested_at) values (:id, :owner, :amount, :status, :by, :at)")
        .bind("id", w.id())
        .bind("owner", w.ownerId())
        .bind("amount", w.amount())
        .bind("status", w.status().wire())
        .bind("by", w.requestedBy())
        .bind("at", w.requestedAt())
        .fetch()
        .rowsUpdated()
        .then();
  }

  @Override
  public Mono<Withdrawal> withdrawal(UUID id) {
    return db.sql("select * from cash_withdrawal where id = :id")
        .bind("id", id)
        .map(R2dbcCashStore::readWithdrawal)
        .one();
  }

  @Override
  public Mono<Withdrawal> lockWithdrawal(UUID id) {
    return db.sql("select * from cash_withdrawal where id = :id for update")
        .bind("id", id)
        .map(R2dbcCashStore::readWithdrawal)
        .one();
  }

  @Override
  public Mono<Void> updateWithdrawal(Withdrawal w) {
    var spec =
        db.sql(
                "update cash_withdrawal set status = :status, external_reference = :ref,"
                    + " failure_reason = :reason, settled_by = :by, settled_at = :at where id ="
                    + " :id")
            .bind("id", w.id())
            .bind("status", w.status().wire());
    spec = Sql.bind(spec, "ref", w.externalReference(), String.class);
    spec = Sql.bind(spec, "reason", w.failureReason(), String.class);
    spec = Sql.bind(spec, "by", w.settledBy(), String.class);
    spec = Sql.bind(spec, "at", w.settledAt(), Instant.class);
    return spec.fetch().rowsUpdated().then();
  }

  @Override
  public Flux<Withdrawal> withdrawals(
      String ownerId, Withdrawal.Status status, Instant beforeAt, UUID beforeId, int limit) {
    var spec =
        db.sql(
                "select * from cash_withdrawal where (cast(:owner as text) is null or owner_id ="
                    + " :owner) and (cast(:status as text) is null or status = :status) and"
                    + " (cast(:beforeAt as timestamptz) is null or (requested_at, id) <"
                    + " (:beforeAt, :beforeId)) order by requested_at desc, id desc limit :limit")
            .bind("limit", limit);
    spec = Sql.bind(spec, "owner", ownerId, String.class);
    spec = Sql.bind(spec, "status", status == null ? null : status.wire(), String.class);
    spec = Sql.bind(spec, "beforeAt", beforeAt, Instant.class);
    spec = Sql.bind(spec, "beforeId", beforeId, UUID.class);
    return spec.map(R2dbcCashStore::readWithdrawal).all();
  }

  @Override
  public Mono<LedgerTotals> totals() {
    return db.sql(
            "select (select coalesce(sum(balance), 0) from cash_account) as balances, (select"
                + " coalesce(sum(reserved), 0) from cash_account) as reserved, (select"
                + " coalesce(sum(amount), 0) from cash_deposit) as deposits, (select"
                + " coalesce(sum(amount), 0) from cash_withdrawal where status = 'paid') as"
                + " paid, (select coalesce(sum(amount), 0) from cash_entry where kind ="
                + " 'adjustment') as adjustments, (select count(*) from cash_account where"
                + " reserved < 0 or balance < reserved) as overdrawn")
        .map(
            row ->
                new LedgerTotals(
                    number(row, "balances"),
                    number(row, "reserved"),
                    number(row, "deposits"),
                    number(row, "paid"),
                    number(row, "adjustments"),
                    number(row, "overdrawn")))
        .one();
  }

  private static long number(Readable row, String column) {
    Number n = row.get(column, Number.class);
    return n == null ? 0 : n.longValue();
  }

  private static CashAccount readAccount(Readable row) {
    return new CashAccount(
        row.get("owner_id", String.class),
        row.get("currency", String.class),
        row.get("balance", Long.class),
        row.get("reserved", Long.class),
        row.get("sequence", Long.class),
        row.get("updated_at", Instant.class));
  }

  private static CashEntry readEntry(Readable row) {
    return new CashEntry(
        row.get("id", UUID.class),
        row.get("owner_id", String.class),
        row.get("sequence", Long.class),
        CashKind.parse(row.get("kind", String.class)),
        row.get("amount", Long.class),
        row.get("reserved_change", Long.class),
        row.get("balance_after", Long.class),
        row.get("reserved_after", Long.class),
        new CashEntry.Refs(
            row.get("order_id", UUID.class),
            row.get("trade_id", String.class),
            row.get("deposit_id", UUID.class),
            row.get("withdrawal_id", UUID.class),
            row.get("token_id", String.class),
            row.get("price", BigDecimal.class),
            row.get("quantity", BigDecimal.class),
            row.get("fee", Long.class),
            row.get("reason", String.class),
            row.get("actor", String.class)),
        row.get("occurred_at", Instant.class));
  }

  private static Reservation readReservation(Readable row) {
    return new Reservation(
        row.get("order_id", UUID.class),
        row.get("owner_id", String.class),
        row.get("amount", Long.class),
        row.get("notional", BigDecimal.class),
        row.get("spent", Long.class),
        row.get("released", Long.class),
        row.get("closed_at", Instant.class));
  }

  private static Deposit readDeposit(Readable row) {
    return new Deposit(
        row.get("id", UUID.class),
        row.get("owner_id", String.class),
        row.get("amount", Long.class),
        row.get("external_reference", String.class),
        row.get("recorded_by", String.class),
        row.get("recorded_at", Instant.class));
  }

  private static Withdrawal readWithdrawal(Readable row) {
    return new Withdrawal(
        row.get("id", UUID.class),
        row.get("owner_id", String.class),
        row.get("amount", Long.class),
        Withdrawal.Status.parse(row.get("status", String.class)),
        row.get("requested_by", String.class),
        row.get("requested_at", Instant.class),
        row.get("external_reference", String.class),
        row.get("failure_reason", String.class),
        row.get("settled_by", String.class),
        row.get("settled_at", Instant.class));
  }
}
