package io.equitoken.trading.service.persistence;

import io.equitoken.trading.service.kernel.Transactions;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** Transactions and transaction-scoped PostgreSQL advisory locks (released at commit/rollback). */
@Component
class R2dbcTransactions implements Transactions {

  private final TransactionalOperator operator;
  private final DatabaseClient db;

  R2dbcTransactions(ReactiveTransactionManager transactionManager, DatabaseClient db) {
    this.operator = TransactionalOperator.create(transactionManager);
    this.db = db;
  }

  @Override
  public <T> Mono<T> inTransaction(Mono<T> work) {
    return operator.transactional(Mono.defer(() -> work));
  }

  @Override
  public Mono<Void> lock(String name) {
    return db.sql("select pg_advisory_xact_lock(hashtext(:name)::bigint)")
        .bind("name", name)
        .fetch()
        .rowsUpdated()
        .then();
  }

  @Override
  public Mono<Boolean> tryLock(String name) {
    return db.sql("select pg_try_advisory_xact_lock(hashtext(:name)::bigint) as locked")
        .bind("name", name)
        .map(row -> Boolean.TRUE.equals(row.get("locked", Boolean.class)))
        .one();
  }
}
