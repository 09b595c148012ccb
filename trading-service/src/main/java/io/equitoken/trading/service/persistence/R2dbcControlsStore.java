package io.equitoken.trading.service.persistence;

import io.equitoken.trading.service.controls.AuditQuery;
import io.equitoken.trading.service.controls.ControlsStore;
import io.equitoken.trading.service.controls.InvestorFreeze;
import io.equitoken.trading.service.controls.MarketHalt;
import io.equitoken.trading.service.controls.OperatorAction;
import java.time.Instant;
import java.util.TreeMap;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

@Component
class R2dbcControlsStore implements ControlsStore {

  private final DatabaseClient db;
  private final JsonMapper json;

  R2dbcControlsStore(DatabaseClient db, JsonMapper json) {
    this.db = db;
    this.json = json;
  }

  @Override
  public Mono<MarketHalt> halt(String tokenId) {
    return db.sql("select * from market_halt where token_id = :token")
        .bind("token", tokenId)
        .map(
            row ->
                new MarketHalt(
                    row.get("token_id", String.class),
                    Boolean.TRUE.equals(row.get("halted", Boolean.class)),
                    Boolean.TRUE.equals(row.get("cancel_orders", Boolean.class)),
                    row.get("reason", String.class),
                    row.get("changed_by", String.class),
                    row.get("changed_at", Instant.class)))
        .one();
  }

  @Override
  public Mono<Void> saveHalt(MarketHalt h) {
    return db.sql(
            "insert into market_halt (token_id, halted, cancel_orders, reason, changed_by,"
                + " changed_at) values (:token, :halted, :cancel, :reason, :by, :at)"
                + " on conflict (token_id) do update set halted = excluded.halted,"
                + " cancel_orders = excluded.cancel_orders, reason = excluded.reason,"
                + " changed_by = excluded.changed_by, changed_at = excluded.changed_at")
        .bind("token", h.tokenId())
        .bind("halted", h.halted())
        .bind("cancel", h.cancelOrders())
        .bind("reason", h.reason())
        .bind("by", h.changedBy())
        .bind("at", h.changedAt())
        .then();
  }

  @Override
  public Mono<InvestorFreeze> freeze(String investorId) {
    return db.sql("select * from investor_freeze where investor_id = :investor")
        .bind("investor", investorId)
        .map(
            row ->
                new InvestorFreeze(
                    row.get("investor_id", String.class),
                    Boolean.TRUE.equals(row.get("frozen", Boolean.class)),
                    row.get("reason", String.class),
                    row.get("changed_by", String.class),
                    row.get("changed_at", Instant.class)))
        .one();
  }

  @Override
  public Mono<Void> saveFreeze(InvestorFreeze f) {
    return db.sql(
            "insert into investor_freeze (investor_id, frozen, reason, changed_by, changed_at)"
                + " values (:investor, :frozen, :reason, :by, :at) on conflict (investor_id) do"
                + " update set frozen = excluded.frozen, reason = excluded.reason,"
                + " changed_by = excluded.changed_by, changed_at = excluded.changed_at")
        .bind("investor", f.investorId())
        .bind("frozen", f.frozen())
        .bind("reason", f.reason())
        .bind("by", f.changedBy())
        .bind("at", f.changedAt())
        .then();
  }

  @Override
  public Flux<String> tokens() {
    return db.sql("select token_id from token order by token_id")
        .map(row -> row.get("token_id", String.class))
        .all();
  }

  @Override
  public Flux<OperatorAction> actions(AuditQuery q) {
    var spec =
        db.sql(
            "select id, action, subject_type, subject_id, token_id, actor, reason,"
                + " details::text as details, at from operator_action"
                + " where (cast(:subject as text) is null or subject_id = :subject"
                + " or token_id = :subject)"
                + " and (cast(:from as timestamptz) is null or at >= :from)"
                + " and (cast(:to as timestamptz) is null or at < :to)"
                + " and (cast(:afterAt as timestamptz) is null or (at, id) < (:afterAt, :afterId))"
                + " order by at desc, id desc limit :limit");
    spec = Sql.bind(spec, "subject", q.subject(), String.class);
    spec = Sql.bind(spec, "from", q.from(), Instant.class);
    spec = Sql.bind(spec, "to", q.to(), Instant.class);
    spec = Sql.bind(spec, "afterAt", q.afterAt(), Instant.class);
    spec = Sql.bind(spec, "afterId", q.afterId(), java.util.UUID.class);
    return spec.bind("limit", q.limit())
        .map(
            row ->
                new OperatorAction(
                    row.get("id", java.util.UUID.class),
                    row.get("action", String.class),
                    row.get("subject_type", String.class),
                    row.get("subject_id", String.class),
                    row.get("token_id", String.class),
                    row.get("actor", String.class),
                    row.get("reason", String.class),
                    details(row.get("details", String.class)),
                    row.get("at", Instant.class)))
        .all();
  }

  @SuppressWarnings("unchecked")
  private java.util.Map<String, Object> details(String text) {
    return text == null ? java.util.Map.of() : json.readValue(text, java.util.TreeMap.class);
  }

  @Override
  public Mono<Void> record(OperatorAction a) {
    var spec =
        db.sql(
                "insert into operator_action (id, action, subject_type, subject_id, token_id,"
                    + " actor, reason, details, at) values (:id, :action, :type, :subject,"
                    + " :token, :actor, :reason, cast(:details as jsonb), :at)")
            .bind("id", a.id())
            .bind("action", a.action())
            .bind("type", a.subjectType())
            .bind("subject", a.subjectId())
            .bind("actor", a.actor())
            .bind("details", json.writeValueAsString(new TreeMap<>(a.details())))
            .bind("at", a.at());
    spec = Sql.bind(spec, "token", a.tokenId(), String.class);
    spec = Sql.bind(spec, "reason", a.reason(), String.class);
    return spec.then();
  }
}
