package io.equitoken.portfolio.persistence;

import io.equitoken.portfolio.cash.CashChange;
import io.equitoken.portfolio.cash.CashStore;
import java.math.BigDecimal;
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
