package io.equitoken.trading.service.persistence;

import io.equitoken.trading.service.controls.ControlsStore;
import io.equitoken.trading.service.controls.MarketHalt;
import io.equitoken.trading.service.controls.OperatorAction;
import java.time.Instant;
import java.util.TreeMap;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
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
