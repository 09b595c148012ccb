package io.equitoken.identity.support;

import io.equitoken.platform.core.Transactions;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;

/** Runs work as is, counting transactions so tests can check that changes are grouped. */
public class DirectTransactions implements Transactions {

  public final AtomicInteger transactions = new AtomicInteger();

  @Override
  public <T> Mono<T> inTransaction(Mono<T> work) {
    return Mono.defer(
        () -> {
          transactions.incrementAndGet();
          return work;
        });
  }
}
