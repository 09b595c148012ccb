package io.equitoken.webhooks.persistence;

import static io.equitoken.webhooks.persistence.DeliveryRows.COLUMNS;

import io.equitoken.webhooks.delivery.Attempt;
import io.equitoken.webhooks.delivery.Delivery;
import io.equitoken.webhooks.delivery.DeliveryLog;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@Repository
public class R2dbcDeliveryLog implements DeliveryLog {

  private final DatabaseClient db;

  public R2dbcDeliveryLog(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<Delivery> find(UUID subscriptionId, UUID deliveryId) {
    return db.sql("select " + COLUMNS + " from delivery where id = :id and subscription_id = :sub")
        .bind("id", deliveryId)
        .bind("sub", subscriptionId)
        .map(DeliveryRows::delivery)
        .one();
  }

  @Override
  public Flux<Delivery> page(
      UUID subscriptionId,
      Delivery.Status status,
      String eventType,
      Instant beforeCreatedAt,
      UUID beforeId,
      int limit) {
    StringBuilder sql =
        new StringBuilder("select " + COLUMNS + " from delivery where subscription_id = :sub");
    if (status != null) {
      sql.append(" and status = :status");
    }
    if (eventType != null) {
      sql.append(" and event_type = :type");
    }
    if (beforeCreatedAt != null) {
      sql.append(" and (created_at, id) < (:beforeCreated, :beforeId)");
    }
    sql.append(" order by created_at desc, id desc limit :limit");
    var spec = db.sql(sql.toString()).bind("sub", subscriptionId).bind("limit", limit);
    if (status != null) {
      spec = spec.bind("status", status.wire());
    }
    if (eventType != null) {
      spec = spec.bind("type", eventType);
    }
    if (beforeCreatedAt != null) {
      spec = spec.bind("beforeCreated", Rows.time(beforeCreatedAt)).bind("beforeId", beforeId);
    }
    return spec.map(DeliveryRows::delivery).all();
  }

  @Override
  public Flux<Attempt> attempts(List<UUID> deliveryIds) {
    if (deliveryIds.isEmpty()) {
      return Flux.empty();
    }
    return db.sql(
            "select delivery_id, attempted_at, response_status, duration_ms, response_excerpt,"
                + " error, next_attempt_at from delivery_attempt"
                + " where delivery_id = any(:ids) order by id")
        .bind("ids", deliveryIds.toArray(UUID[]::new))
        .map(
            row ->
                new Attempt(
                    row.get("delivery_id", UUID.class),
                    Rows.instant(row, "attempted_at"),
                    row.get("response_status", Integer.class),
                    row.get("duration_ms", Long.class),
                    row.get("response_excerpt", String.class),
                    row.get("error", String.class),
                    Rows.instant(row, "next_attempt_at")))
        .all();
  }
}
