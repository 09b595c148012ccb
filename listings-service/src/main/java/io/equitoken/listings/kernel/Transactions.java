package io.equitoken.listings.kernel;

import reactor.core.publisher.Mono;

/** Port: runs work in one database transaction (all of it commits, or none of it). */
public interface Transactions {

  <T> Mono<T> inTransaction(Mono<T> work);
}
