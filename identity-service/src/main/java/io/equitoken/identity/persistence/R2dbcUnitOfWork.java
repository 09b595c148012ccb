package io.equitoken.identity.persistence;

import io.equitoken.identity.transaction.UnitOfWork;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** One R2DBC transaction around a piece of work; joins an outer transaction if there is one. */
@Component
class R2dbcUnitOfWork implements UnitOfWork {

  private final TransactionalOperator transactions;

  R2dbcUnitOfWork(TransactionalOperator transactions) {
    this.transactions = transactions;
  }

  @Override
  public <T> Mono<T> inTransaction(Mono<T> work) {
    return transactions.transactional(work);
  }
}
