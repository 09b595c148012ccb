package io.equitoken.listings.persistence;

import io.equitoken.listings.idempotency.IdempotencyRecord;
import io.equitoken.listings.idempotency.IdempotencyStore;
import java.time.Instant;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

@Repository
class R2dbcIdempotencyStore implements IdempotencyStore {

  private final DatabaseClient db;

  R2dbcIdempotencyStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<IdempotencyRecord> find(String principalId, String key) {
    return db.sql(
            "select principal_id, idempotency_key, operation, fingerprint, resource_id,"
                + " created_at from idempotency_key where principal_id = :principal and"
                + " idempotency_key = :key")
        .bind("principal", principalId)
        .bind("key", key)
        .map(
            row ->
                new IdempotencyRecord(
                    row.get("principal_id", String.class),
                    row.get("idempotency_key", String.class),
                    row.get("operation", String.class),
                    row.get("fingerprint", String.class),
                    row.get("resource_id", String.class),
                    row.get("created_at", Instant.class)))
        .one();
  }

  @Override
  public Mono<Void> insert(IdempotencyRecord record) {
    return db.sql(
            "insert into idempotency_key (principal_id, idempotency_key, operation, fingerprint,"
                + " resource_id, created_at) values (:principal, :key, :operation, :fingerprint,"
                + " :resource, :createdAt)")
        .bind("principal", record.principalId())
        .bind("key", record.key())
        .bind("operation", record.operation())
        .bind("fingerprint", record.fingerprint())
        .bind("resource", record.resourceId())
        .bind("createdAt", record.createdAt())
        .then()
        .onErrorMap(
            DataIntegrityViolationException.class,
            e -> new IdempotencyStore.KeyAlreadyUsedException());
  }
}
