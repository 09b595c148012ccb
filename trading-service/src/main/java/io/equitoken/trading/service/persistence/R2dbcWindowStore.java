package io.equitoken.trading.service.persistence;

import io.equitoken.trading.service.window.Indicative;
import io.equitoken.trading.service.window.LiquidityWindow;
import io.equitoken.trading.service.window.Mechanism;
import io.equitoken.trading.service.window.WindowFilter;
import io.equitoken.trading.service.window.WindowStatus;
import io.equitoken.trading.service.window.WindowStore;
import io.r2dbc.spi.Readable;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@Component
class R2dbcWindowStore implements WindowStore {

  private static final String COLUMNS =
      "w.id, w.status, w.mechanism, w.opens, w.closes, w.call_phase_starts, w.price_band,"
          + " w.token_ids, w.in_call_phase, w.last_indicated_at, w.created_by, w.created_at,"
          + " w.opened_at, w.closed_at, w.cancelled_at, w.cancel_reason";

  private final DatabaseClient db;

  R2dbcWindowStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<Void> insert(LiquidityWindow w) {
    var spec =
        db.sql(
                "insert into liquidity_window (id, status, mechanism, opens, closes,"
                    + " call_phase_starts, price_band, token_ids, created_by, created_at) values"
                    + " (:id, :status, :mechanism, :opens, :closes, :cps, :band, :tokens,"
                    + " :createdBy, :createdAt)")
            .bind("id", w.id())
            .bind("status", w.status().wire())
            .bind("mechanism", w.mechanism().wire())
            .bind("opens", w.opens())
            .bind("closes", w.closes())
            .bind("tokens", w.tokenIds().toArray(String[]::new))
            .bind("createdBy", w.createdBy())
            .bind("createdAt", w.createdAt());
    spec = Sql.bind(spec, "cps", w.callPhaseStarts(), Instant.class);
    spec = Sql.bind(spec, "band", w.priceBand(), BigDecimal.class);
    return spec.fetch().rowsUpdated().then();
  }

  @Override
  public Mono<LiquidityWindow> find(UUID id) {
    return db.sql("select " + COLUMNS + " from liquidity_window w where w.id = :id")
        .bind("id", id)
        .map(R2dbcWindowStore::window)
        .one();
  }

  @Override
  public Flux<LiquidityWindow> page(WindowFilter f, Instant afterOpens, UUID afterId, int limit) {
    StringBuilder sql =
        new StringBuilder("select " + COLUMNS + " from liquidity_window w where true");
    List<Object[]> binds = new ArrayList<>();
    if (f.status() != null) {
      sql.append(" and w.status = :status");
      binds.add(new Object[] {"status", f.status().wire()});
    }
    if (f.tokenId() != null) {
      sql.append(" and (w.token_ids = '{}' or :token = any(w.token_ids))");
      binds.add(new Object[] {"token", f.tokenId()});
    }
    if (f.from() != null) {
      sql.append(" and w.closes > :from");
      binds.add(new Object[] {"from", f.from()});
    }
    if (f.to() != null) {
      sql.append(" and w.opens < :to");
      binds.add(new Object[] {"to", f.to()});
    }
    if (afterOpens != null) {
      sql.append(" and (w.opens, w.id) > (:afterOpens, :afterId)");
      binds.add(new Object[] {"afterOpens", afterOpens});
      binds.add(new Object[] {"afterId", afterId});
    }
    sql.append(" order by w.opens, w.id limit :limit");
    var spec = db.sql(sql.toString()).bind("limit", limit);
    for (Object[] b : binds) {
      spec = spec.bind((String) b[0], b[1]);
    }
    return spec.map(R2dbcWindowStore::window).all();
  }

  @Override
  public Flux<LiquidityWindow> overlapping(Instant opens, Instant closes, List<String> tokenIds) {
    return db.sql(
            "select "
                + COLUMNS
                + " from liquidity_window w where w.status in ('scheduled', 'open')"
                + " and w.opens < :closes and w.closes > :opens"
                + " and (w.token_ids = '{}' or cardinality(:tokens::text[]) = 0"
                + " or w.token_ids && :tokens::text[]) order by w.opens, w.id")
        .bind("opens", opens)
        .bind("closes", closes)
        .bind("tokens", tokenIds.toArray(String[]::new))
        .map(R2dbcWindowStore::window)
        .all();
  }

  @Override
  public Flux<LiquidityWindow> due(Instant now, Instant indicateBefore) {
    return db.sql(
            "select "
                + COLUMNS
                + " from liquidity_window w where (w.status = 'scheduled' and w.opens <= :now)"
                + " or (w.status = 'open' and (w.closes <= :now"
                + " or (w.mechanism = 'continuous_with_closing_auction' and not w.in_call_phase"
                + " and w.call_phase_starts <= :now)"
                + " or ((w.in_call_phase or w.mechanism = 'call_auction')"
                + " and (w.last_indicated_at is null or w.last_indicated_at <= :before))))"
                + " order by w.opens, w.id limit 500")
        .bind("now", now)
        .bind("before", indicateBefore)
        .map(R2dbcWindowStore::window)
        .all();
  }

  @Override
  public Mono<Instant> nextDue(Instant after, Duration indicateEvery) {
    return db.sql(
            "select min(t) as due from ("
                + " select w.opens as t from liquidity_window w where w.status = 'scheduled'"
                + " union all select w.closes from liquidity_window w where w.status = 'open'"
                + " union all select w.call_phase_starts from liquidity_window w"
                + " where w.status = 'open' and w.mechanism = 'continuous_with_closing_auction'"
                + " and not w.in_call_phase"
                + " union all select coalesce(w.last_indicated_at, :after)"
                + " + :everyMillis * interval '1 millisecond' from liquidity_window w"
                + " where w.status = 'open' and (w.in_call_phase or w.mechanism = 'call_auction')"
                + ") due where t > :after")
        .bind("after", after)
        .bind("everyMillis", indicateEvery.toMillis())
        .map(row -> Optional.ofNullable(row.get("due", Instant.class)))
        .one()
        .flatMap(Mono::justOrEmpty);
  }

  @Override
  public Mono<Boolean> transition(
      UUID id, WindowStatus from, WindowStatus to, Instant at, String reason) {
    String column =
        switch (to) {
          case OPEN -> "opened_at";
          case CLOSED -> "closed_at";
          case CANCELLED -> "cancelled_at";
          case SCHEDULED -> throw new IllegalArgumentException("no transition back to scheduled");
        };
    var spec =
        db.sql(
                "update liquidity_window set status = :to, "
                    + column
                    + " = :at, cancel_reason = coalesce(:reason, cancel_reason)"
                    + " where id = :id and status = :from")
            .bind("to", to.wire())
            .bind("at", at)
            .bind("id", id)
            .bind("from", from.wire());
    spec = Sql.bind(spec, "reason", reason, String.class);
    return spec.fetch().rowsUpdated().map(n -> n == 1);
  }

  @Override
  public Mono<Void> startCallPhase(UUID id) {
    return db.sql("update liquidity_window set in_call_phase = true where id = :id")
        .bind("id", id)
        .fetch()
        .rowsUpdated()
        .then();
  }

  @Override
  public Mono<Void> indicated(UUID id, Instant at) {
    return db.sql("update liquidity_window set last_indicated_at = :at where id = :id")
        .bind("id", id)
        .bind("at", at)
        .fetch()
        .rowsUpdated()
        .then();
  }

  @Override
  public Flux<String> addTokens(UUID id, List<String> tokenIds) {
    if (tokenIds.isEmpty()) {
      return Flux.empty();
    }
    return db.sql(
            "insert into window_token (window_id, token_id) select :id, t from"
                + " unnest(:tokens::text[]) with ordinality as u(t, n) order by n"
                + " on conflict do nothing returning token_id")
        .bind("id", id)
        .bind("tokens", tokenIds.toArray(String[]::new))
        .map(row -> row.get("token_id", String.class))
        .all();
  }

  @Override
  public Flux<String> tokens(UUID id) {
    return db.sql("select token_id from window_token where window_id = :id order by token_id")
        .bind("id", id)
        .map(row -> row.get("token_id", String.class))
        .all();
  }

  @Override
  public Flux<LiquidityWindow> openCovering(String tokenId) {
    return db.sql(
            "select "
                + COLUMNS
                + " from liquidity_window w where w.status = 'open'"
                + " and (w.token_ids = '{}' or :token = any(w.token_ids)) order by w.opens, w.id")
        .bind("token", tokenId)
        .map(R2dbcWindowStore::window)
        .all();
  }

  @Override
  public Mono<LiquidityWindow> openFor(String tokenId) {
    return db.sql(
            "select "
                + COLUMNS
                + " from liquidity_window w join window_token t on t.window_id = w.id"
                + " where w.status = 'open' and t.token_id = :token order by w.opens limit 1")
        .bind("token", tokenId)
        .map(R2dbcWindowStore::window)
        .one();
  }

  @Override
  public Flux<Indicative> indicative(UUID windowId) {
    return db.sql(
            "select token_id, indicative_price, indicative_volume, imbalance, imbalance_side,"
                + " as_of from auction_state where window_id = :id and as_of is not null"
                + " order by token_id")
        .bind("id", windowId)
        .map(
            row ->
                new Indicative(
                    row.get("token_id", String.class),
                    row.get("indicative_price", BigDecimal.class),
                    row.get("indicative_volume", BigDecimal.class),
                    row.get("imbalance", BigDecimal.class),
                    row.get("imbalance_side", String.class),
                    instant(row, "as_of")))
        .all();
  }

  static Instant instant(Readable row, String column) {
    return row.get(column, Instant.class);
  }

  private static LiquidityWindow window(Readable row) {
    String[] tokens = row.get("token_ids", String[].class);
    return new LiquidityWindow(
        row.get("id", UUID.class),
        WindowStatus.parse(row.get("status", String.class)).orElseThrow(),
        Mechanism.parse(row.get("mechanism", String.class)).orElseThrow(),
        instant(row, "opens"),
        instant(row, "closes"),
        instant(row, "call_phase_starts"),
        row.get("price_band", BigDecimal.class),
        tokens == null ? List.of() : List.of(tokens),
        Boolean.TRUE.equals(row.get("in_call_phase", Boolean.class)),
        instant(row, "last_indicated_at"),
        row.get("created_by", String.class),
        instant(row, "created_at"),
        instant(row, "opened_at"),
        instant(row, "closed_at"),
        instant(row, "cancelled_at"),
        row.get("cancel_reason", String.class));
  }
}
