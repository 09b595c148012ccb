package io.equitoken.listings.idempotency;

import reactor.core.publisher.Mono;

/** Port: remembers which keys were used. */
public interface IdempotencyStore {

  Mono<IdempotencyRecord> find(String principalId, String key);

  /**
   * Records a key inside the current transaction; fails with {@link KeyAlreadyUsedException} if a
   * concurrent request recorded it first.
   */
  Mono<Void> insert(IdempotencyRecord record);

  class KeyAlreadyUsedException extends RuntimeException {
    public KeyAlreadyUsedException() {
      super("idempotency key already used", null, false, false);
    }
  }
}
