package io.equitoken.trading.service.kernel;

import reactor.core.publisher.Mono;

/** Port: runs work in one database transaction (all of it commits, or none of it). */
public interface Transactions {

  <T> Mono<T> inTransaction(Mono<T> work);

  /**
   * Inside a transaction: waits for the transaction-scoped lock of that name, so that work under
   * the same name is serialised across every instance of the service.
   */
  Mono<Void> lock(String name);

  /**
   * Inside a transaction: takes the named lock if it is free, answers false if another holds it.
   */
  Mono<Boolean> tryLock(String name);
}
