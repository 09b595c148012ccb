package io.equitoken.compliance.kyc;

import reactor.core.publisher.Mono;

/**
 * Port: runs a unit of work in one database transaction (state change, audit and outbox together).
 */
public interface Transactions {

  <T> Mono<T> inTransaction(Mono<T> work);
}
