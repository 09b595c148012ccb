package io.equitoken.compliance.persistence;

import io.equitoken.compliance.kyc.Transactions;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** Runs domain units of work in an R2DBC transaction, which the outbox writer joins. */
public class R2dbcTransactions implements Transactions {

  private final TransactionalOperator operator;

  public R2dbcTransactions(TransactionalOperator operator) {
    this.operator = operator;
  }

  @Override
  public <T> Mono<T> inTransaction(Mono<T> work) {
    return operator.transactional(work);
  }
}
