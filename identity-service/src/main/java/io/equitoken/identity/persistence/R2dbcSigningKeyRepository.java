package io.equitoken.identity.persistence;

import static io.equitoken.identity.persistence.R2dbcApiKeyRepository.instant;
import static io.equitoken.identity.persistence.R2dbcApiKeyRepository.utc;

import io.equitoken.identity.signing.SigningKey;
import io.equitoken.identity.signing.SigningKeyRepository;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@Repository
class R2dbcSigningKeyRepository implements SigningKeyRepository {

  private static final String COLUMNS =
      "kid, generation, algorithm, public_jwk, encrypted_private_jwk, created_at, retired_at,"
          + " verify_until";

  private final DatabaseClient db;

  R2dbcSigningKeyRepository(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<SigningKey> latest() {
    return db.sql("select " + COLUMNS + " from signing_key order by generation desc limit 1")
        .map(R2dbcSigningKeyRepository::toKey)
        .one();
  }

  @Override
  public Flux<SigningKey> publishedAt(Instant now) {
    return db.sql(
            "select "
                + COLUMNS
                + " from signing_key where verify_until is null or verify_until > :now"
                + " order by generation desc")
        .bind("now", utc(now))
        .map(R2dbcSigningKeyRepository::toKey)
        .all();
  }

  @Override
  public Mono<Boolean> insertIfGenerationFree(SigningKey key) {
    return db.sql(
            "insert into signing_key ("
                + COLUMNS
                + ") values (:kid, :generation, :algorithm,"
                + " :publicJwk, :privateJwk, :createdAt, null, null)"
                + " on conflict (generation) do nothing")
        .bind("kid", key.kid())
        .bind("generation", key.generation())
        .bind("algorithm", key.algorithm())
        .bind("publicJwk", key.publicJwk())
        .bind("privateJwk", key.encryptedPrivateJwk())
        .bind("createdAt", utc(key.createdAt()))
        .fetch()
        .rowsUpdated()
        .map(rows -> rows == 1);
  }

  @Override
  public Mono<Void> retire(String kid, Instant retiredAt, Instant verifyUntil) {
    return db.sql(
            "update signing_key set retired_at = :retiredAt, verify_until = :verifyUntil,"
                + " encrypted_private_jwk = null where kid = :kid and retired_at is null")
        .bind("kid", kid)
        .bind("retiredAt", utc(retiredAt))
        .bind("verifyUntil", utc(verifyUntil))
        .then();
  }

  private static SigningKey toKey(Readable row) {
    return new SigningKey(
        row.get("kid", String.class),
        row.get("generation", Integer.class),
        row.get("algorithm", String.class),
        row.get("public_jwk", String.class),
        row.get("encrypted_private_jwk", byte[].class),
        instant(row, "created_at"),
        instant(row, "retired_at"),
        instant(row, "verify_until"));
  }
}
