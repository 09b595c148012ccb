package io.equitoken.identity.support;

import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;

/**
 * Runs work as is, counting transactions so tests can check that changes are grouped; its locks are
 * always free (unit tests run one caller at a time; the real locks are proven by the ITs).
 */
public class DirectTransactions implements Transactions, TransactionLocks {

  public final AtomicInteger transactions = new AtomicInteger();

  @Override
  public <T> Mono<T> inTransaction(Mono<T> work) {
    return Mono.defer(
        () -> {
          transactions.incrementAndGet();
          return work;
        });
  }

  @Override
  public Mono<Void> lock(String name) {
    return Mono.empty();
  }

  @Override
  public Mono<Boolean> tryLock(String name) {
    return Mono.just(true);
  }
}
