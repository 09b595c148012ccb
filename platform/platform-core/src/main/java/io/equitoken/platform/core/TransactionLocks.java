package io.equitoken.platform.core;

import reactor.core.publisher.Mono;

/**
 * Port: named locks scoped to the current transaction (released at commit or rollback), so that
 * work under the same name is serialised across every instance of a service — e.g. one instance
 * drives a clock, two concurrent requests cannot both pass an overlap check. Call inside {@link
 * Transactions#inTransaction}. platform-web provides the PostgreSQL implementation (transaction
 * advisory locks on {@code hashtext(name)}) wherever R2DBC and a {@code ReactiveTransactionManager}
 * exist.
 */
public interface TransactionLocks {

  /** Waits for the lock of that name. */
  Mono<Void> lock(String name);

  /** Takes the lock of that name if it is free; answers false when another transaction holds it. */
  Mono<Boolean> tryLock(String name);
}
