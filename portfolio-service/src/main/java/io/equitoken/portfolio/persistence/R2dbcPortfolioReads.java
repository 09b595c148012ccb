package io.equitoken.portfolio.persistence;

import io.equitoken.portfolio.cash.CashReason;
import io.equitoken.portfolio.holding.Reason;
import io.equitoken.portfolio.valuation.PortfolioReads;
import io.equitoken.portfolio.valuation.ValuationHistory;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

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
    boolean holdings = f.reasons() == null || !f.reasons().isEmpty();
    boolean cash = f.cashReasons() == null || !f.cashReasons().isEmpty();
    List<String> branches = new ArrayList<>();
    if (holdings) {
      StringBuilder sql =
          new StringBuilder(
              "(select c.owner_id, c.token_id, c.token_id as sort_key, c.sequence, c.reason,"
                  + " null as cash_reason, c.delta, c.price, c.trade_id, c.window_id,"
                  + " m.amount as cash_amount, m.fee, m.balance as cash_balance, c.occurred_at, "
                  + STARTUP.formatted("c")
                  + " as startup from holding_change c left join lateral (select m.amount, m.fee,"
                  + " m.balance from cash_change m where c.trade_id is not null"
                  + " and m.owner_id = c.owner_id and m.trade_id = c.trade_id"
                  + " and m.reason in ('buy', 'sell') order by m.sequence limit 1) m on true"
                  + " where c.owner_id = :owner and c.delta <> 0");
      if (f.reasons() != null) {
        sql.append(" and c.reason = any(:reasons)");
      }
      if (f.tokenId() != null) {
        sql.append(" and c.token_id = :token");
      }
      conditions(sql, "c", "c.token_id", f, after);
      branches.add(sql.append(" order by 14 desc, 3 desc, 4 desc limit :limit)").toString());
    }
    if (cash) {
      StringBuilder sql =
          new StringBuilder(
              "(select m.owner_id, m.token_id, '' as sort_key, m.sequence, null as reason,"
                  + " m.reason as cash_reason, null as delta, m.price, m.trade_id, null as"
                  + " window_id, m.amount as cash_amount, m.fee, m.balance as cash_balance,"
                  + " m.occurred_at, "
                  + STARTUP.formatted("m")
                  + " as startup from cash_change m where m.owner_id = :owner"
                  + " and m.reason = any(:cashReasons)");
      if (f.tokenId() != null) {
        sql.append(" and m.token_id = :token");
      }
      conditions(sql, "m", "''", f, after);
      branches.add(sql.append(" order by 14 desc, 3 desc, 4 desc limit :limit)").toString());
    }
    String sql =
        "select * from ("
            + String.join(" union all ", branches)
            + ") t order by occurred_at desc, sort_key desc, sequence desc limit :limit";
    var spec = db.sql(sql).bind("owner", f.ownerId()).bind("limit", limit);
    if (holdings && f.reasons() != null) {
      spec = spec.bind("reasons", f.reasons().stream().map(Reason::wire).toArray(String[]::new));
    }
    if (cash) {
      List<CashReason> listed =
          f.cashReasons() != null
              ? f.cashReasons()
              : Arrays.stream(CashReason.values()).filter(r -> r.listed).toList();
      spec = spec.bind("cashReasons", listed.stream().map(CashReason::wire).toArray(String[]::new));
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
              .bind("afterKey", after.sortKey())
              .bind("afterSeq", after.sequence());
    }
    return spec.map(
            row -> {
              String holdingReason = row.get("reason", String.class);
              String cashReason = row.get("cash_reason", String.class);
              return new Movement(
                  row.get("owner_id", String.class),
                  row.get("token_id", String.class),
                  row.get("sort_key", String.class),
                  row.get("sequence", Long.class),
                  row.get("startup", String.class),
                  holdingReason == null ? null : Reason.parse(holdingReason).orElseThrow(),
                  cashReason == null ? null : CashReason.parse(cashReason).orElseThrow(),
                  row.get("delta", BigDecimal.class),
                  row.get("price", BigDecimal.class),
                  row.get("trade_id", String.class),
                  row.get("window_id", String.class),
                  row.get("cash_amount", BigDecimal.class),
                  row.get("fee", BigDecimal.class),
                  row.get("cash_balance", BigDecimal.class),
                  row.get("occurred_at", Instant.class));
            })
        .all();
  }

  private static void conditions(
      StringBuilder sql, String alias, String sortKey, MovementFilter f, MovementKey after) {
    if (f.from() != null) {
      sql.append(" and ").append(alias).append(".occurred_at >= :from");
    }
    if (f.to() != null) {
      sql.append(" and ").append(alias).append(".occurred_at < :to");
    }
    if (after != null) {
      sql.append(" and (")
          .append(alias)
          .append(".occurred_at, ")
          .append(sortKey)
          .append(", ")
          .append(alias)
          .append(".sequence) < (:afterAt, :afterKey, :afterSeq)");
    }
  }

  @Override
  public Mono<CashAccount> cashAccount(String ownerId) {
    return db.sql(
            "select currency, balance, reserved, available, updated_at from cash_account"
                + " where owner_id = :owner")
        .bind("owner", ownerId)
        .map(
            row ->
                new CashAccount(
                    row.get("currency", String.class),
                    row.get("balance", BigDecimal.class),
                    row.get("reserved", BigDecimal.class),
                    row.get("available", BigDecimal.class),
                    row.get("updated_at", Instant.class)))
        .one();
  }

  @Override
  public Flux<ValuationHistory.CashStep> cashSteps(String ownerId, Instant to) {
    return db.sql(
            "select sequence, balance, occurred_at from cash_change where owner_id = :owner"
                + " and occurred_at <= :to order by occurred_at, sequence")
        .bind("owner", ownerId)
        .bind("to", to)
        .map(
            row ->
                new ValuationHistory.CashStep(
                    row.get("sequence", Long.class),
                    row.get("balance", BigDecimal.class),
                    row.get("occurred_at", Instant.class)))
        .all();
  }

  @Override
  public Flux<CashTotals> cashTotals() {
    return db.sql(
            "select a.currency, sum(a.balance) as balances, count(*) as accounts,"
                + " coalesce((select sum(m.amount) from cash_change m where m.currency ="
                + " a.currency and m.reason = 'deposit'), 0) as deposits, coalesce((select"
                + " -sum(m.amount) from cash_change m where m.currency = a.currency and m.reason"
                + " = 'withdrawal_paid'), 0) as withdrawals_paid, coalesce((select sum(m.amount)"
                + " from cash_change m where m.currency = a.currency and m.reason ="
                + " 'adjustment'), 0) as adjustments from cash_account a group by a.currency"
                + " order by a.currency")
        .map(
            row ->
                new CashTotals(
                    row.get("currency", String.class),
                    row.get("balances", BigDecimal.class),
                    row.get("deposits", BigDecimal.class),
                    row.get("withdrawals_paid", BigDecimal.class),
                    row.get("adjustments", BigDecimal.class),
                    row.get("accounts", Long.class)))
        .all();
  }

  @Override
  public Flux<CashGap> cashGaps() {
    return db.sql(
            "select a.owner_id, a.sequence, a.balance, a.reserved, m.seen, m.total from"
                + " cash_account a join (select owner_id, count(*) as seen, sum(amount) as total"
                + " from cash_change group by owner_id) m on m.owner_id = a.owner_id"
                + " where m.seen <> a.sequence or m.total <> a.balance or a.reserved > a.balance"
                + " order by a.owner_id limit 100")
        .map(
            row ->
                new CashGap(
                    row.get("owner_id", String.class),
                    row.get("sequence", Long.class),
                    row.get("seen", Long.class),
                    row.get("balance", BigDecimal.class),
                    row.get("reserved", BigDecimal.class),
                    row.get("total", BigDecimal.class)))
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
