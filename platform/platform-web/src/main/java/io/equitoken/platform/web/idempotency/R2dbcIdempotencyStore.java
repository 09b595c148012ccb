package io.equitoken.platform.web.idempotency;

import io.equitoken.platform.r2dbc.CommitStatement;
import java.time.Instant;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/** {@link IdempotencyStore} on the service's own PostgreSQL (table {@code idempotency_record}). */
public class R2dbcIdempotencyStore implements IdempotencyStore {

  /** The status of a key claimed before its work, until {@link #record} stores the answer. */
  private static final int CLAIMED = 0;

  /**
   * The conflict clause of an insert of a key: the insert's values replace a record of the same key
   * made at or before the cutoff that follows (a claim inserts no body, so replacing takes the old
   * one's away).
   */
  private static final String REPLACE_EXPIRED =
      " on conflict (principal_id, operation, idempotency_key) do update set"
          + " fingerprint = excluded.fingerprint, status = excluded.status,"
          + " headers = excluded.headers, body = excluded.body,"
          + " created_at = excluded.created_at where idempotency_record.created_at <= ";

  private final DatabaseClient db;
  private final CommitStatement atCommit;

  public R2dbcIdempotencyStore(DatabaseClient db) {
    this.db = db;
    this.atCommit = new CommitStatement(db);
  }

  @Override
  public Mono<Record> find(String principalId, String operation, String key) {
    return db.sql(
            "select principal_id, operation, idempotency_key, fingerprint, status, headers, body,"
                + " created_at from idempotency_record where principal_id = :principal and"
                + " operation = :operation and idempotency_key = :key")
        .bind("principal", principalId)
        .bind("operation", operation)
        .bind("key", key)
        .map(
            row ->
                new Record(
                    row.get("principal_id", String.class),
                    row.get("operation", String.class),
                    row.get("idempotency_key", String.class),
                    row.get("fingerprint", String.class),
                    row.get("status", Integer.class),
                    row.get("headers", String.class),
                    row.get("body", String.class),
                    row.get("created_at", Instant.class)))
        .one();
  }

  @Override
  public Mono<Void> record(Record record, Instant cutoff) {
    return atCommit.add(new RecordAtCommit(record, cutoff));
  }

  /**
   * The key with its answer, in the transaction's commit statement: a new key is inserted, an
   * expired record or this transaction's own claim (status 0: a claim is never committed without
   * its answer, so no other transaction sees one) replaced, a live record left alone (no row
   * written: the commit fails and the transaction rolls back); a concurrent request's uncommitted
   * record of the same key makes the statement wait until that request's transaction ends.
   */
  private record RecordAtCommit(Record record, Instant cutoff) implements CommitStatement.Part {

    @Override
    public String table() {
      return "idempotency_record";
    }

    @Override
    public String sql(CommitStatement.Parameters p) {
      return "insert into idempotency_record (principal_id, operation, idempotency_key,"
          + " fingerprint, status, headers, body, created_at) values ("
          + p.bind("principal", record.principalId())
          + ", "
          + p.bind("operation", record.operation())
          + ", "
          + p.bind("key", record.key())
          + ", "
          + p.bind("fingerprint", record.fingerprint())
          + ", "
          + p.bind("status", record.status())
          + ", "
          + p.bind("headers", record.headers())
          + ", "
          + p.bind("body", record.body(), String.class)
          + ", "
          + p.bind("createdAt", record.createdAt())
          + ")"
          + REPLACE_EXPIRED
          + p.bind("cutoff", cutoff)
          + " or idempotency_record.status = "
          + CLAIMED;
    }

    @Override
    public Mono<Void> written(long rows) {
      return rows == 1 ? Mono.empty() : Mono.error(new KeyAlreadyRecordedException());
    }
  }

  @Override
  public Mono<Void> claim(
      String principalId,
      String operation,
      String key,
      String fingerprint,
      Instant createdAt,
      Instant cutoff) {
    // as record, without the answer yet: a live record (or a concurrent claim, once committed)
    // leaves no row changed
    return oneRowOrRecorded(
        db.sql(
                "insert into idempotency_record (principal_id, operation, idempotency_key,"
                    + " fingerprint, status, headers, created_at) values (:principal, :operation,"
                    + " :key, :fingerprint, "
                    + CLAIMED
                    + ", '{}', :createdAt)"
                    + REPLACE_EXPIRED
                    + ":cutoff")
            .bind("principal", principalId)
            .bind("operation", operation)
            .bind("key", key)
            .bind("fingerprint", fingerprint)
            .bind("createdAt", createdAt)
            .bind("cutoff", cutoff));
  }

  private static Mono<Void> oneRowOrRecorded(DatabaseClient.GenericExecuteSpec statement) {
    return statement
        .fetch()
        .rowsUpdated()
        .flatMap(
            rows -> rows == 1 ? Mono.<Void>empty() : Mono.error(new KeyAlreadyRecordedException()))
        .onErrorMap(DataIntegrityViolationException.class, e -> new KeyAlreadyRecordedException());
  }

  @Override
  public Mono<Long> purgeBatch(Instant cutoff, int limit) {
    return db.sql(
            "delete from idempotency_record where ctid = any(array(select ctid from"
                + " idempotency_record where created_at <= :cutoff limit :limit))")
        .bind("cutoff", cutoff)
        .bind("limit", limit)
        .fetch()
        .rowsUpdated();
  }
}
