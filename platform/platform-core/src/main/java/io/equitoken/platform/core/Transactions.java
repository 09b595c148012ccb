package io.equitoken.platform.core;

import reactor.core.publisher.Mono;

/**
 * Port: runs work in one database transaction — all of it commits, or none of it (a state change,
 * its audit rows and its outbox events together). platform-web provides the R2DBC implementation as
 * a bean wherever a {@code ReactiveTransactionManager} exists.
 */
public interface Transactions {

  /** Runs {@code work} (subscribed lazily) in a new or the current transaction. */
  <T> Mono<T> inTransaction(Mono<T> work);
}
