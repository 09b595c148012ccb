package io.equitoken.identity.apikey;

import reactor.core.publisher.Mono;

/**
 * Port: records that a fact must be published. Implementations must join the caller's transaction
 * (transactional outbox), so that a fact is published if and only if the change was committed.
 */
public interface ApiKeyEvents {

  Mono<Void> created(ApiKeyCreated event);

  Mono<Void> revoked(ApiKeyRevoked event);
}
