package io.equitoken.portfolio.persistence;

import io.equitoken.portfolio.holding.HoldingChange;
import io.equitoken.portfolio.holding.HoldingStore;
import io.equitoken.portfolio.holding.Reason;
import io.r2dbc.spi.Readable;
import java.math.BigDecimal;
import java.time.Instant;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@Component
class R2dbcHoldingStore implements HoldingStore {

  private final DatabaseClient db;

  R2dbcHoldingStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<Boolean> insert(HoldingChange c) {
    var spec =
        db.sql(
                "insert into holding_change (owner_id, token_id, sequence, quantity,"
                    + " available_quantity, delta, reason, price, trade_id, order_id, transfer_id,"
                    + " window_id, occurred_at) values (:owner, :token, :sequence, :quantity,"
                    + " :available, :delta, :reason, :price, :tradeId, :orderId, :transferId,"
                    + " :windowId, :occurredAt) on conflict do nothing")
            .bind("owner", c.ownerId())
            .bind("token", c.tokenId())
            .bind("sequence", c.sequence())
            .bind("quantity", c.quantity())
            .bind("available", c.availableQuantity())
            .bind("delta", c.delta())
            .bind("reason", c.reason().wire())
            .bind("occurredAt", c.occurredAt());
    spec = Sql.bind(spec, "price", c.price(), BigDecimal.class);
    spec = Sql.bind(spec, "tradeId", c.tradeId(), String.class);
    spec = Sql.bind(spec, "orderId", c.orderId(), String.class);
    spec = Sql.bind(spec, "transferId", c.transferId(), String.class);
    spec = Sql.bind(spec, "windowId", c.windowId(), String.class);
    return spec.fetch().rowsUpdated().map(n -> n == 1);
  }

  @Override
  public Mono<BigDecimal> costBefore(String ownerId, String tokenId, long sequence) {
    return db.sql(
            "select cost_basis from holding_change where owner_id = :owner and token_id = :token"
                + " and sequence < :sequence order by sequence desc limit 1")
        .bind("owner", ownerId)
        .bind("token", tokenId)
        .bind("sequence", sequence)
        .map(row -> row.get("cost_basis", BigDecimal.class))
        .one()
        .defaultIfEmpty(BigDecimal.ZERO);
  }

  @Override
  public Flux<HoldingChange> changesFrom(String ownerId, String tokenId, long sequence) {
    return db.sql(
            "select * from holding_change where owner_id = :owner and token_id = :token"
                + " and sequence >= :sequence order by sequence")
        .bind("owner", ownerId)
        .bind("token", tokenId)
        .bind("sequence", sequence)
        .map(R2dbcHoldingStore::change)
        .all();
  }

  @Override
  public Mono<Void> setCost(HoldingChange c, BigDecimal costBasis) {
    return db.sql(
            "update holding_change set cost_basis = :cost where owner_id = :owner"
                + " and token_id = :token and sequence = :sequence")
        .bind("cost", costBasis)
        .bind("owner", c.ownerId())
        .bind("token", c.tokenId())
        .bind("sequence", c.sequence())
        .then();
  }

  @Override
  public Mono<Void> setCurrent(HoldingChange c, BigDecimal costBasis) {
    return db.sql(
            "insert into holding (owner_id, token_id, sequence, quantity, available_quantity,"
                + " cost_basis, changed_at) values (:owner, :token, :sequence, :quantity,"
                + " :available, :cost, :at) on conflict (owner_id, token_id) do update set"
                + " sequence = excluded.sequence, quantity = excluded.quantity,"
                + " available_quantity = excluded.available_quantity,"
                + " cost_basis = excluded.cost_basis, changed_at = excluded.changed_at"
                + " where holding.sequence <= excluded.sequence")
        .bind("owner", c.ownerId())
        .bind("token", c.tokenId())
        .bind("sequence", c.sequence())
        .bind("quantity", c.quantity())
        .bind("available", c.availableQuantity())
        .bind("cost", costBasis)
        .bind("at", c.occurredAt())
        .then();
  }

  static HoldingChange change(Readable row) {
    return new HoldingChange(
        row.get("owner_id", String.class),
        row.get("token_id", String.class),
        row.get("sequence", Long.class),
        row.get("quantity", BigDecimal.class),
        row.get("available_quantity", BigDecimal.class),
        row.get("delta", BigDecimal.class),
        Reason.parse(row.get("reason", String.class)).orElseThrow(),
        row.get("price", BigDecimal.class),
        row.get("trade_id", String.class),
        row.get("order_id", String.class),
        row.get("transfer_id", String.class),
        row.get("window_id", String.class),
        row.get("occurred_at", Instant.class));
  }
}
