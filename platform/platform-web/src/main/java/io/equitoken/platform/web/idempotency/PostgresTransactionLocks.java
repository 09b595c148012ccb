package io.equitoken.platform.web.idempotency;

import io.equitoken.platform.core.TransactionLocks;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * {@link TransactionLocks} on PostgreSQL: transaction advisory locks on {@code hashtext(name)}.
 * {@link #lockCall} is the same lock as an expression, for a store that takes it inside a statement
 * it sends anyway (one round trip fewer than {@link #lock} before it).
 */
public final class PostgresTransactionLocks implements TransactionLocks {

  private final DatabaseClient db;

  public PostgresTransactionLocks(DatabaseClient db) {
    this.db = db;
  }

  /**
   * The SQL call that waits for the lock named by the bind parameter {@code :parameter}, as {@link
   * #lock} does: e.g. {@code from (select <lockCall>) locked} in the FROM clause of a one-row read.
   * A statement's snapshot predates a lock it waits for, so what it reads beside the lock is as of
   * before the lock; the transaction's later statements see what the lock's last holder committed.
   */
  public static String lockCall(String parameter) {
    return "pg_advisory_xact_lock(" + key(parameter) + ")";
  }

  /** The advisory lock key of the name bound to {@code :parameter}. */
  private static String key(String parameter) {
    return "hashtext(:" + parameter + ")::bigint";
  }

  @Override
  public Mono<Void> lock(String name) {
    return db.sql("select " + lockCall("name")).bind("name", name).fetch().rowsUpdated().then();
  }

  @Override
  public Mono<Boolean> tryLock(String name) {
    return db.sql("select pg_try_advisory_xact_lock(" + key("name") + ") as locked")
        .bind("name", name)
        .map(row -> Boolean.TRUE.equals(row.get("locked", Boolean.class)))
        .one();
  }
}
