package io.equitoken.portfolio.persistence;

import io.equitoken.portfolio.holding.Reason;
import io.equitoken.portfolio.valuation.PortfolioReads;
import io.equitoken.portfolio.valuation.ValuationHistory;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;

@Component
class R2dbcPortfolioReads implements PortfolioReads {

  /** The startup's name, else (until the listing is published) the token's name. */
  private static final String STARTUP =
      "coalesce((select l.name from token t join listing l on l.listing_id = t.listing_id"
          + " where t.token_id = %1$s.token_id), (select t.token_name from token t"
          + " where t.token_id = %1$s.token_id))";

  private final DatabaseClient db;

  R2dbcPortfolioReads(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Flux<CurrentHolding> holdings(String ownerId) {
    return db.sql(
            "select h.token_id, h.quantity, h.available_quantity, h.cost_basis, h.changed_at, "
                + STARTUP.formatted("h")
                + " as startup, p.price, p.at as price_at from holding h left join lateral"
                + " (select pp.price, pp.at from price_point pp where pp.token_id = h.token_id"
                + " order by pp.at desc, pp.event_id desc limit 1) p on true"
                + " where h.owner_id = :owner order by h.token_id")
        .bind("owner", ownerId)
        .map(
            row ->
                new CurrentHolding(
                    row.get("token_id", String.class),
                    row.get("startup", String.class),
                    row.get("quantity", BigDecimal.class),
                    row.get("available_quantity", BigDecimal.class),
                    row.get("cost_basis", BigDecimal.class),
                    row.get("changed_at", Instant.class),
                    row.get("price", BigDecimal.class),
                    row.get("price_at", Instant.class)))
        .all();
  }

  @Override
  public Flux<Movement> movements(MovementFilter f, MovementKey after, int limit) {
    StringBuilder sql =
        new StringBuilder(
            "select c.owner_id, c.token_id, c.sequence, c.reason, c.delta, c.price, c.trade_id,"
                + " c.window_id, c.occurred_at, "
                + STARTUP.formatted("c")
                + " as startup from holding_change c where c.owner_id = :owner and c.delta <> 0");
    if (f.reasons() != null) {
      sql.append(" and c.reason = any(:reasons)");
    }
    if (f.tokenId() != null) {
      sql.append(" and c.token_id = :token");
    }
    if (f.from() != null) {
      sql.append(" and c.occurred_at >= :from");
    }
    if (f.to() != null) {
      sql.append(" and c.occurred_at < :to");
    }
    if (after != null) {
      sql.append(
          " and (c.occurred_at, c.token_id, c.sequence) < (:afterAt, :afterToken, :afterSeq)");
    }
    sql.append(" order by c.occurred_at desc, c.token_id desc, c.sequence desc limit :limit");
    var spec = db.sql(sql.toString()).bind("owner", f.ownerId()).bind("limit", limit);
    if (f.reasons() != null) {
      spec = spec.bind("reasons", f.reasons().stream().map(Reason::wire).toArray(String[]::new));
    }
    if (f.tokenId() != null) {
      spec = spec.bind("token", f.tokenId());
    }
    if (f.from() != null) {
      spec = spec.bind("from", f.from());
    }
    if (f.to() != null) {
      spec = spec.bind("to", f.to());
    }
    if (after != null) {
      spec =
          spec.bind("afterAt", after.occurredAt())
              .bind("afterToken", after.tokenId())
              .bind("afterSeq", after.sequence());
    }
    return spec.map(
            row ->
                new Movement(
                    row.get("owner_id", String.class),
                    row.get("token_id", String.class),
                    row.get("sequence", Long.class),
                    row.get("startup", String.class),
                    Reason.parse(row.get("reason", String.class)).orElseThrow(),
                    row.get("delta", BigDecimal.class),
                    row.get("price", BigDecimal.class),
                    row.get("trade_id", String.class),
                    row.get("window_id", String.class),
                    row.get("occurred_at", Instant.class)))
        .all();
  }

  @Override
  public Flux<ValuationHistory.HoldingStep> steps(String ownerId, Instant to) {
    return db.sql(
            "select token_id, sequence, quantity, cost_basis, occurred_at from holding_change"
                + " where owner_id = :owner and delta <> 0 and occurred_at <= :to"
                + " order by occurred_at, token_id, sequence")
        .bind("owner", ownerId)
        .bind("to", to)
        .map(
            row ->
                new ValuationHistory.HoldingStep(
                    row.get("token_id", String.class),
                    row.get("sequence", Long.class),
                    row.get("quantity", BigDecimal.class),
                    row.get("cost_basis", BigDecimal.class),
                    row.get("occurred_at", Instant.class)))
        .all();
  }

  @Override
  public Flux<ValuationHistory.PricePoint> prices(
      Collection<String> tokenIds, Instant from, Instant to) {
    return db.sql(
            "select token_id, at, price from ((select distinct on (token_id) token_id, at,"
                + " event_id, price from price_point where token_id = any(:tokens) and at < :from"
                + " order by token_id, at desc, event_id desc) union all (select token_id, at,"
                + " event_id, price from price_point where token_id = any(:tokens)"
                + " and at >= :from and at <= :to)) p order by at, event_id")
        .bind("tokens", tokenIds.toArray(String[]::new))
        .bind("from", from)
        .bind("to", to)
        .map(
            row ->
                new ValuationHistory.PricePoint(
                    row.get("token_id", String.class),
                    row.get("at", Instant.class),
                    row.get("price", BigDecimal.class)))
        .all();
  }

  @Override
  public Flux<TokenBalance> balances() {
    return db.sql(
            "select k.token_id, coalesce(t.supply, (select c.quantity from holding_change c"
                + " where c.token_id = k.token_id and c.reason = 'issuance' order by c.sequence"
                + " limit 1)) as supply, coalesce(h.held, 0) as held, coalesce(h.holders, 0) as"
                + " holders from (select token_id from token union select token_id from holding) k"
                + " left join token t on t.token_id = k.token_id left join (select token_id,"
                + " sum(quantity) as held, count(*) filter (where quantity > 0) as holders"
                + " from holding group by token_id) h on h.token_id = k.token_id"
                + " order by k.token_id")
        .map(
            row ->
                new TokenBalance(
                    row.get("token_id", String.class),
                    row.get("supply", BigDecimal.class),
                    row.get("held", BigDecimal.class),
                    row.get("holders", Long.class)))
        .all();
  }
}
