package io.equitoken.listings.persistence;

import io.equitoken.listings.kernel.Transactions;
import org.springframework.stereotype.Component;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

@Component
class R2dbcTransactions implements Transactions {

  private final TransactionalOperator operator;

  R2dbcTransactions(ReactiveTransactionManager transactionManager) {
    this.operator = TransactionalOperator.create(transactionManager);
  }

  @Override
  public <T> Mono<T> inTransaction(Mono<T> work) {
    return operator.transactional(Mono.defer(() -> work));
  }
}
