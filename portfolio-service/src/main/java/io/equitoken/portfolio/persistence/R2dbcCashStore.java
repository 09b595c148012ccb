package io.equitoken.portfolio.persistence;

import io.equitoken.portfolio.cash.CashChange;
import io.equitoken.portfolio.cash.CashStore;
import java.math.BigDecimal;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

@Component
class R2dbcCashStore implements CashStore {

  private final DatabaseClient db;

  R2dbcCashStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<Boolean> insert(CashChange c) {
    var spec =
        db.sql(
                "insert into cash_change (owner_id, sequence, currency, balance, reserved,"
                    + " available, amount, reserved_change, reason, order_id, trade_id,"
                    + " deposit_id, withdrawal_id, token_id, price, quantity, fee, occurred_at)"
                    + " values (:owner, :sequence, :currency, :balance, :reserved, :available,"
                    + " :amount, :reservedChange, :reason, :orderId, :tradeId, :depositId,"
                    + " :withdrawalId, :tokenId, :price, :quantity, :fee, :occurredAt)"
                    + " on conflict do nothing")
            .bind("owner", c.ownerId())
            .bind("sequence", c.sequence())
            .bind("currency", c.currency())
            .bind("balance", c.balance())
            .bind("reserved", c.reserved())
            .bind("available", c.available())
            .bind("amount", c.amount())
            .bind("reservedChange", c.reservedChange())
            .bind("reason", c.reason().wire())
            .bind("occurredAt", c.occurredAt());
    spec = Sql.bind(spec, "orderId", c.orderId(), String.class);
    spec = Sql.bind(spec, "tradeId", c.tradeId(), String.class);
    spec = Sql.bind(spec, "depositId", c.depositId(), String.class);
    spec = Sql.bind(spec, "withdrawalId", c.withdrawalId(), String.class);
    spec = Sql.bind(spec, "tokenId", c.tokenId(), String.class);
    spec = Sql.bind(spec, "price", c.price(), BigDecimal.class);
    spec = Sql.bind(spec, "quantity", c.quantity(), BigDecimal.class);
    spec = Sql.bind(spec, "fee", c.fee(), BigDecimal.class);
    return spec.fetch().rowsUpdated().map(n -> n == 1);
  }

  @Override
  public Mono<Integer> applyAll(List<CashChange> changes) {
    int n = changes.size();
    String[][] text = new String[10][n];
    String[][] numbers = new String[8][n];
    for (int i = 0; i < n; i++) {
      CashChange c = changes.get(i);
      text[0][i] = c.ownerId();
      text[1][i] = String.valueOf(c.sequence());
      text[2][i] = c.currency();
      text[3][i] = c.reason().wire();
      text[4][i] = c.orderId();
      text[5][i] = c.tradeId();
      text[6][i] = c.depositId();
      text[7][i] = c.withdrawalId();
      text[8][i] = c.tokenId();
      text[9][i] = c.occurredAt().toString();
      numbers[0][i] = plain(c.balance());
      numbers[1][i] = plain(c.reserved());
      numbers[2][i] = plain(c.available());
      numbers[3][i] = plain(c.amount());
      numbers[4][i] = plain(c.reservedChange());
      numbers[5][i] = plain(c.price());
      numbers[6][i] = plain(c.quantity());
      numbers[7][i] = plain(c.fee());
    }
    // the changes not known yet; then each owner's newest of them as its account, if newer
    return db.sql(
            "with batch as (select * from unnest(cast(:owner as text[]),"
                + " cast(:sequence as bigint[]), cast(:currency as text[]),"
                + " cast(:balance as numeric[]), cast(:reserved as numeric[]),"
                + " cast(:available as numeric[]), cast(:amount as numeric[]),"
                + " cast(:reservedChange as numeric[]), cast(:reason as text[]),"
                + " cast(:orderId as text[]), cast(:tradeId as text[]), cast(:depositId as text[]),"
                + " cast(:withdrawalId as text[]), cast(:tokenId as text[]),"
                + " cast(:price as numeric[]), cast(:quantity as numeric[]),"
                + " cast(:fee as numeric[]), cast(:occurredAt as timestamptz[]))"
                + " as b(owner_id, sequence, currency, balance, reserved, available, amount,"
                + " reserved_change, reason, order_id, trade_id, deposit_id, withdrawal_id,"
                + " token_id, price, quantity, fee, occurred_at)),"
                + " fresh as (insert into cash_change (owner_id, sequence, currency, balance,"
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
                + " select count(*) as fresh from fresh")
        .bind("owner", text[0])
        .bind("sequence", text[1])
        .bind("currency", text[2])
        .bind("reason", text[3])
        .bind("orderId", text[4])
        .bind("tradeId", text[5])
        .bind("depositId", text[6])
        .bind("withdrawalId", text[7])
        .bind("tokenId", text[8])
        .bind("occurredAt", text[9])
        .bind("balance", numbers[0])
        .bind("reserved", numbers[1])
        .bind("available", numbers[2])
        .bind("amount", numbers[3])
        .bind("reservedChange", numbers[4])
        .bind("price", numbers[5])
        .bind("quantity", numbers[6])
        .bind("fee", numbers[7])
        .map(row -> row.get("fresh", Long.class))
        .one()
        .map(Long::intValue);
  }

  private static String plain(BigDecimal value) {
    return value == null ? null : value.toPlainString();
  }

  @Override
  public Mono<Void> setCurrentIfNewer(CashChange c) {
    return db.sql(
            "insert into cash_account (owner_id, sequence, currency, balance, reserved,"
                + " available, updated_at) values (:owner, :sequence, :currency, :balance,"
                + " :reserved, :available, :at) on conflict (owner_id) do update set"
                + " sequence = excluded.sequence, currency = excluded.currency,"
                + " balance = excluded.balance, reserved = excluded.reserved,"
                + " available = excluded.available, updated_at = excluded.updated_at"
                + " where cash_account.sequence < excluded.sequence")
        .bind("owner", c.ownerId())
        .bind("sequence", c.sequence())
        .bind("currency", c.currency())
        .bind("balance", c.balance())
        .bind("reserved", c.reserved())
        .bind("available", c.available())
        .bind("at", c.occurredAt())
        .then();
  }
}
