package io.equitoken.listings.token;

import reactor.core.publisher.Mono;

/** Port: where tokens and their compartments are kept. */
public interface TokenStore {

  Mono<Token> findById(String tokenId);

  /** Locks the token's row for the rest of the transaction (market updates). */
  Mono<Token> findByIdForUpdate(String tokenId);

  Mono<Compartment> findCompartment(String compartmentId);

  Mono<Boolean> isinTaken(String isin);

  /** Fails with {@link IsinTakenException} if another token already has the ISIN. */
  Mono<Void> insert(Token token, Compartment compartment);

  Mono<Void> updatePrice(Token token);
}
