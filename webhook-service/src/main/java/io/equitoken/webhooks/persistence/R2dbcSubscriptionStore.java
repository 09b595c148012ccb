package io.equitoken.webhooks.persistence;

import io.equitoken.webhooks.subscription.Subscription;
import io.equitoken.webhooks.subscription.SubscriptionStore;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@Repository
class R2dbcSubscriptionStore implements SubscriptionStore {

  static final String COLUMNS =
      "id, owner_id, owner_operator, api_key_id, url, event_types, description, status,"
          + " disabled_reason, disabled_at, paused_reason, paused_at, secret, previous_secret,"
          + " previous_secret_expires_at, failing_since, created_at, updated_at";

  private final DatabaseClient db;
  private final SecretColumns secrets;

  R2dbcSubscriptionStore(DatabaseClient db, SecretColumns secrets) {
    this.db = db;
    this.secrets = secrets;
  }

  @Override
  public Mono<Void> insert(Subscription s) {
    return bindAll(
            db.sql(
                "insert into subscription ("
                    + COLUMNS
                    + ") values (:id, :owner, :operator, :apiKey, :url, :types, :description,"
                    + " :status, :reason, :disabledAt, :pausedReason, :pausedAt, :secret,"
                    + " :previous, :previousExpires, :failing, :created, :updated)"),
            s)
        .then();
  }

  @Override
  public Mono<Void> update(Subscription s) {
    return bindAll(
            db.sql(
                "update subscription set owner_id = :owner, owner_operator = :operator,"
                    + " api_key_id = :apiKey, url = :url,"
                    + " event_types = :types, description = :description, status = :status,"
                    + " disabled_reason = :reason, disabled_at = :disabledAt,"
                    + " paused_reason = :pausedReason, paused_at = :pausedAt, secret = :secret,"
                    + " previous_secret = :previous, previous_secret_expires_at = :previousExpires,"
                    + " failing_since = :failing, created_at = :created, updated_at = :updated"
                    + " where id = :id"),
            s)
        .then();
  }

  private Mono<Long> bindAll(DatabaseClient.GenericExecuteSpec spec, Subscription s) {
    spec = spec.bind("id", s.id()).bind("owner", s.ownerId()).bind("operator", s.ownerOperator());
    spec = spec.bind("url", s.url()).bind("types", s.eventTypes().toArray(String[]::new));
    spec = Rows.bind(spec, "description", s.description(), String.class);
    spec = spec.bind("status", s.status().wire());
    spec = Rows.bind(spec, "reason", s.disabledReason(), String.class);
    spec = Rows.bind(spec, "disabledAt", Rows.time(s.disabledAt()), OffsetDateTime.class);
    spec = Rows.bind(spec, "apiKey", s.apiKeyId(), String.class);
    spec = Rows.bind(spec, "pausedReason", s.pausedReason(), String.class);
    spec = Rows.bind(spec, "pausedAt", Rows.time(s.pausedAt()), OffsetDateTime.class);
    spec = spec.bind("secret", secrets.seal(s.id(), SecretColumns.SECRET, s.secret()));
    spec =
        Rows.bind(
            spec,
            "previous",
            secrets.seal(s.id(), SecretColumns.PREVIOUS_SECRET, s.previousSecret()),
            String.class);
    spec =
        Rows.bind(
            spec, "previousExpires", Rows.time(s.previousSecretExpiresAt()), OffsetDateTime.class);
    spec = Rows.bind(spec, "failing", Rows.time(s.failingSince()), OffsetDateTime.class);
    spec = spec.bind("created", Rows.time(s.createdAt())).bind("updated", Rows.time(s.updatedAt()));
    return spec.fetch().rowsUpdated();
  }

  @Override
  public Mono<Subscription> find(UUID id) {
    return db.sql("select " + COLUMNS + " from subscription where id = :id")
        .bind("id", id)
        .map(this::read)
        .one();
  }

  @Override
  public Mono<Boolean> delete(UUID id) {
    return db.sql("delete from subscription where id = :id")
        .bind("id", id)
        .fetch()
        .rowsUpdated()
        .map(n -> n > 0);
  }

  @Override
  public Mono<Long> countOwnedBy(String ownerId) {
    return db.sql("select count(*) as n from subscription where owner_id = :owner")
        .bind("owner", ownerId)
        .map(row -> row.get("n", Long.class))
        .one();
  }

  @Override
  public Mono<Long> pauseForKey(String apiKeyId, String ownerId, String reason, Instant now) {
    return db.sql(
            "update subscription set status = 'paused', paused_reason = :reason,"
                + " paused_at = :now, updated_at = :now where status <> 'paused'"
                + " and (api_key_id = :key or (api_key_id is null and owner_id = :owner))")
        .bind("reason", reason)
        .bind("now", Rows.time(now))
        .bind("key", apiKeyId)
        .bind("owner", ownerId == null ? "" : ownerId)
        .fetch()
        .rowsUpdated();
  }

  @Override
  public Flux<Subscription> page(String ownerId, Instant afterCreatedAt, UUID afterId, int limit) {
    StringBuilder sql = new StringBuilder("select " + COLUMNS + " from subscription where true");
    if (ownerId != null) {
      sql.append(" and owner_id = :owner");
    }
    if (afterCreatedAt != null) {
      sql.append(" and (created_at, id) > (:afterCreated, :afterId)");
    }
    sql.append(" order by created_at, id limit :limit");
    var spec = db.sql(sql.toString()).bind("limit", limit);
    if (ownerId != null) {
      spec = spec.bind("owner", ownerId);
    }
    if (afterCreatedAt != null) {
      spec = spec.bind("afterCreated", Rows.time(afterCreatedAt)).bind("afterId", afterId);
    }
    return spec.map(this::read).all();
  }

  private Subscription read(Readable row) {
    UUID id = row.get("id", UUID.class);
    return new Subscription(
        id,
        row.get("owner_id", String.class),
        Boolean.TRUE.equals(row.get("owner_operator", Boolean.class)),
        row.get("api_key_id", String.class),
        row.get("url", String.class),
        List.of(row.get("event_types", String[].class)),
        row.get("description", String.class),
        Subscription.Status.valueOf(row.get("status", String.class).toUpperCase(Locale.ROOT)),
        row.get("disabled_reason", String.class),
        Rows.instant(row, "disabled_at"),
        row.get("paused_reason", String.class),
        Rows.instant(row, "paused_at"),
        secrets.open(id, SecretColumns.SECRET, row.get("secret", String.class)),
        secrets.open(id, SecretColumns.PREVIOUS_SECRET, row.get("previous_secret", String.class)),
        Rows.instant(row, "previous_secret_expires_at"),
        Rows.instant(row, "failing_since"),
        Rows.instant(row, "created_at"),
        Rows.instant(row, "updated_at"));
  }
}
