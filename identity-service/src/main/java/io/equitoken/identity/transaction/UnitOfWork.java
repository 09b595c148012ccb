package io.equitoken.identity.transaction;

import reactor.core.publisher.Mono;

/** Port: runs a piece of work in one database transaction (committed on success only). */
public interface UnitOfWork {

  <T> Mono<T> inTransaction(Mono<T> work);
}
