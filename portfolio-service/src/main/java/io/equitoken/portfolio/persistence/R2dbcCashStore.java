package io.equitoken.portfolio.persistence;

import io.equitoken.platform.events.UnnestRows;
import io.equitoken.portfolio.cash.CashChange;
import io.equitoken.portfolio.cash.CashStore;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

@Component
class R2dbcCashStore implements CashStore {

  private static final UnnestRows<CashChange> CHANGES =
      UnnestRows.<CashChange>as("b")
          .column("owner_id", "text", CashChange::ownerId)
          .column("sequence", "bigint", CashChange::sequence)
          .column("currency", "text", CashChange::currency)
          .column("balance", "numeric", CashChange::balance)
          .column("reserved", "numeric", CashChange::reserved)
          .column("available", "numeric", CashChange::available)
          .column("amount", "numeric", CashChange::amount)
          .column("reserved_change", "numeric", CashChange::reservedChange)
          .column("reason", "text", c -> c.reason().wire())
          .column("order_id", "text", CashChange::orderId)
          .column("trade_id", "text", CashChange::tradeId)
          .column("deposit_id", "text", CashChange::depositId)
          .column("withdrawal_id", "text", CashChange::withdrawalId)
          .column("token_id", "text", CashChange::tokenId)
          .column("price", "numeric", CashChange::price)
          .column("quantity", "numeric", CashChange::quantity)
          .column("fee", "numeric", CashChange::fee)
          .column("occurred_at", "timestamptz", CashChange::occurredAt);

  private final DatabaseClient db;

  R2dbcCashStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<Integer> applyAll(List<CashChange> changes) {
    // the changes not known yet; then each owner's newest of them as its account, if newer
    var statement =
        db.sql(
            "with batch as (select * from "
                + CHANGES.clause()
                + "), fresh as (insert into cash_change (owner_id, sequence, currency, balance,"
                + " reserved, available, amount, reserved_change, reason, order_id, trade_id,"
                + " deposit_id, withdrawal_id, token_id, price, quantity, fee, occurred_at)"
                + " select * from batch on conflict do nothing returning owner_id, sequence,"
                + " currency, balance, reserved, available, occurred_at),"
                + " newest as (select distinct on (owner_id) * from fresh"
                + " order by owner_id, sequence desc),"
                + " account as (insert into cash_account (owner_id, sequence, currency, balance,"
                + " reserved, available, updated_at) select * from newest"
                + " on conflict (owner_id) do update set"
                + " sequence = excluded.sequence, currency = excluded.currency,"
                + " balance = excluded.balance, reserved = excluded.reserved,"
                + " available = excluded.available, updated_at = excluded.updated_at"
                + " where cash_account.sequence < excluded.sequence)"
                + " select count(*) as fresh from fresh");
    return CHANGES
        .bind(statement, changes)
        .map(row -> row.get("fresh", Long.class))
        .one()
        .map(Long::intValue);
  }
}
