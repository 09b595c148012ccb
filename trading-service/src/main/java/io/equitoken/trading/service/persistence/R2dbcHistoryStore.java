package io.equitoken.trading.service.persistence;

import io.equitoken.platform.events.UnnestRows;
import io.equitoken.trading.service.history.ExecutedTrade;
import io.equitoken.trading.service.history.HistoryStore;
import io.equitoken.trading.service.history.PriceWindow;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@Component
class R2dbcHistoryStore implements HistoryStore {

  private static final UnnestRows<ExecutedTrade> TRADES =
      UnnestRows.<ExecutedTrade>as("t")
          .column("trade_id", "text", ExecutedTrade::tradeId)
          .column("token_id", "text", ExecutedTrade::tokenId)
          .column("window_id", "uuid", ExecutedTrade::windowId)
          .column("price", "numeric", ExecutedTrade::price)
          .column("quantity", "numeric", ExecutedTrade::quantity)
          .column("executed_at", "timestamptz", ExecutedTrade::executedAt);

  private final DatabaseClient db;

  R2dbcHistoryStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<Void> trades(List<ExecutedTrade> trades) {
    var insert =
        db.sql(
            "insert into executed_trade (trade_id, token_id, window_id, price, quantity,"
                + " executed_at) select * from "
                + TRADES.clause()
                + " on conflict do nothing");
    return TRADES.bind(insert, trades).fetch().rowsUpdated().then();
  }

  @Override
  public Mono<Void> indicative(
      UUID windowId,
      String tokenId,
      BigDecimal price,
      BigDecimal volume,
      BigDecimal imbalance,
      String side,
      Instant asOf) {
    var spec =
        db.sql(
            "insert into auction_state (window_id, token_id, indicative_price, indicative_volume,"
                + " imbalance, imbalance_side, as_of) values (:w, :t, :p, :v, :i, :s, :at)"
                + " on conflict (window_id, token_id) do update set"
                + " indicative_price = excluded.indicative_price,"
                + " indicative_volume = excluded.indicative_volume,"
                + " imbalance = excluded.imbalance, imbalance_side = excluded.imbalance_side,"
                + " as_of = excluded.as_of where auction_state.as_of is null"
                + " or auction_state.as_of <= excluded.as_of");
    spec = spec.bind("w", windowId).bind("t", tokenId).bind("at", asOf);
    spec = Sql.bind(spec, "p", price, BigDecimal.class);
    spec = Sql.bind(spec, "v", volume, BigDecimal.class);
    spec = Sql.bind(spec, "i", imbalance, BigDecimal.class);
    spec = Sql.bind(spec, "s", side, String.class);
    return spec.fetch().rowsUpdated().then();
  }

  @Override
  public Mono<Void> auctionResult(
      UUID windowId, String tokenId, boolean cleared, BigDecimal price, Instant decidedAt) {
    var spec =
        db.sql(
            "insert into auction_state (window_id, token_id, cleared, clearing_price, decided_at)"
                + " values (:w, :t, :c, :p, :at) on conflict (window_id, token_id) do update set"
                + " cleared = excluded.cleared, clearing_price = excluded.clearing_price,"
                + " decided_at = excluded.decided_at");
    spec = spec.bind("w", windowId).bind("t", tokenId).bind("c", cleared).bind("at", decidedAt);
    spec = Sql.bind(spec, "p", price, BigDecimal.class);
    return spec.fetch().rowsUpdated().then();
  }

  @Override
  public Flux<PriceWindow> windows(
      String tokenId, Instant from, Instant to, Instant beforeOpens, UUID beforeId, int limit) {
    StringBuilder sql =
        new StringBuilder(
            "select w.id, w.opens, w.closes,"
                + " (select price from executed_trade e where e.token_id = :token"
                + "   and e.window_id = w.id order by executed_at, trade_id limit 1) as open,"
                + " (select price from executed_trade e where e.token_id = :token"
                + "   and e.window_id = w.id order by executed_at desc, trade_id desc limit 1)"
                + "   as close,"
                + " a.high, a.low, coalesce(a.volume, 0) as volume, a.notional,"
                + " coalesce(a.trades, 0) as trades,"
                + " (select clearing_price from auction_state s where s.window_id = w.id"
                + "   and s.token_id = :token and s.cleared) as auction_price"
                + " from liquidity_window w join window_token wt on wt.window_id = w.id"
                + " and wt.token_id = :token"
                + " left join lateral (select max(price) as high, min(price) as low,"
                + "   sum(quantity) as volume, sum(price * quantity) as notional,"
                + "   count(*) as trades from executed_trade e where e.token_id = :token"
                + "   and e.window_id = w.id) a on true"
                + " where w.status in ('open', 'closed')");
    if (from != null) {
      sql.append(" and w.closes > :from");
    }
    if (to != null) {
      sql.append(" and w.opens < :to");
    }
    if (beforeOpens != null) {
      sql.append(" and (w.opens, w.id) < (:beforeOpens, :beforeId)");
    }
    sql.append(" order by w.opens desc, w.id desc limit :limit");
    var spec = db.sql(sql.toString()).bind("token", tokenId).bind("limit", limit);
    if (from != null) {
      spec = spec.bind("from", from);
    }
    if (to != null) {
      spec = spec.bind("to", to);
    }
    if (beforeOpens != null) {
      spec = spec.bind("beforeOpens", beforeOpens).bind("beforeId", beforeId);
    }
    return spec.map(
            row -> {
              BigDecimal volume = row.get("volume", BigDecimal.class);
              BigDecimal notional = row.get("notional", BigDecimal.class);
              BigDecimal vwap =
                  volume == null || volume.signum() == 0 || notional == null
                      ? null
                      : notional.divide(volume, 8, RoundingMode.HALF_EVEN).stripTrailingZeros();
              Number trades = row.get("trades", Number.class);
              return new PriceWindow(
                  row.get("id", UUID.class),
                  row.get("opens", Instant.class),
                  row.get("closes", Instant.class),
                  row.get("open", BigDecimal.class),
                  row.get("high", BigDecimal.class),
                  row.get("low", BigDecimal.class),
                  row.get("close", BigDecimal.class),
                  volume,
                  vwap,
                  trades == null ? 0 : trades.longValue(),
                  row.get("auction_price", BigDecimal.class),
                  null);
            })
        .all();
  }

  @Override
  public Flux<ExecutedTrade> trades(String tokenId, List<UUID> windowIds) {
    return db.sql(
            "select * from executed_trade where token_id = :token and window_id = any(:windows)"
                + " order by executed_at, trade_id")
        .bind("token", tokenId)
        .bind("windows", windowIds.toArray(UUID[]::new))
        .map(
            row ->
                new ExecutedTrade(
                    row.get("trade_id", String.class),
                    row.get("token_id", String.class),
                    row.get("window_id", UUID.class),
                    row.get("price", BigDecimal.class),
                    row.get("quantity", BigDecimal.class),
                    row.get("executed_at", Instant.class)))
        .all();
  }
}
