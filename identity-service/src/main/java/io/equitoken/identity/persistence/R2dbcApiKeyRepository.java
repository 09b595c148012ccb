package io.equitoken.identity.persistence;

import io.equitoken.identity.apikey.ApiKey;
import io.equitoken.identity.apikey.ApiKeyRepository;
import io.equitoken.identity.apikey.KeyPosition;
import io.equitoken.identity.apikey.SecretHash;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Set;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@Repository
class R2dbcApiKeyRepository implements ApiKeyRepository {

  private final DatabaseClient db;

  R2dbcApiKeyRepository(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<ApiKey> findById(String id) {
    return db.sql(
            "select id, name, principal_id, roles, secret_hash, created_at, created_by, revoked_at"
                + " from api_key where id = :id")
        .bind("id", id)
        .map(R2dbcApiKeyRepository::toApiKey)
        .one();
  }

  @Override
  public Mono<Void> insert(ApiKey key) {
    return insert(key, null);
  }

  @Override
  public Mono<Void> insert(ApiKey key, String createdWithKey) {
    DatabaseClient.GenericExecuteSpec insert =
        db.sql(
            "insert into api_key (id, name, principal_id, roles, secret_hash, created_at,"
                + " created_by, created_with_key) values (:id, :name, :principal, :roles, :hash,"
                + " :createdAt, :createdBy, :createdWith)");
    insert =
        createdWithKey == null
            ? insert.bindNull("createdWith", String.class)
            : insert.bind("createdWith", createdWithKey);
    return insert
        .bind("id", key.id())
        .bind("name", key.name())
        .bind("principal", key.principalId())
        .bind("roles", key.sortedRoles().toArray(String[]::new))
        .bind("hash", key.secretHash().bytes())
        .bind("createdAt", utc(key.createdAt()))
        .bind("createdBy", key.createdBy())
        .then();
  }

  @Override
  public Mono<Long> countActive(String principalId) {
    return db.sql(
            "select count(*) as active from api_key where principal_id = :principal"
                + " and revoked_at is null")
        .bind("principal", principalId)
        .map(row -> row.get("active", Long.class))
        .one();
  }

  @Override
  public Flux<ApiKey> findByPrincipal(String principalId, KeyPosition after, int limit) {
    String columns =
        "select id, name, principal_id, roles, secret_hash, created_at, created_by, revoked_at"
            + " from api_key where principal_id = :principal";
    DatabaseClient.GenericExecuteSpec query =
        after == null
            ? db.sql(columns + " order by created_at, id limit :limit")
            : db.sql(
                    columns
                        + " and (created_at, id) > (:afterAt, :afterId)"
                        + " order by created_at, id limit :limit")
                .bind("afterAt", utc(after.createdAt()))
                .bind("afterId", after.apiKeyId());
    return query
        .bind("principal", principalId)
        .bind("limit", limit)
        .map(R2dbcApiKeyRepository::toApiKey)
        .all();
  }

  @Override
  public Mono<Void> updateCredentials(ApiKey key) {
    return db.sql(
            "update api_key set name = :name, principal_id = :principal, roles = :roles,"
                + " secret_hash = :hash where id = :id")
        .bind("id", key.id())
        .bind("name", key.name())
        .bind("principal", key.principalId())
        .bind("roles", key.sortedRoles().toArray(String[]::new))
        .bind("hash", key.secretHash().bytes())
        .then();
  }

  @Override
  public Mono<Boolean> markRevoked(String id, Instant revokedAt, String revokedBy) {
    return db.sql(
            "update api_key set revoked_at = :at, revoked_by = :by"
                + " where id = :id and revoked_at is null")
        .bind("id", id)
        .bind("at", utc(revokedAt))
        .bind("by", revokedBy)
        .fetch()
        .rowsUpdated()
        .map(rows -> rows == 1);
  }

  private static ApiKey toApiKey(Readable row) {
    return new ApiKey(
        row.get("id", String.class),
        row.get("name", String.class),
        row.get("principal_id", String.class),
        Set.of(row.get("roles", String[].class)),
        new SecretHash(row.get("secret_hash", byte[].class)),
        instant(row, "created_at"),
        row.get("created_by", String.class),
        instant(row, "revoked_at"));
  }

  static OffsetDateTime utc(Instant instant) {
    return instant.atOffset(ZoneOffset.UTC);
  }

  static Instant instant(Readable row, String column) {
    OffsetDateTime value = row.get(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
