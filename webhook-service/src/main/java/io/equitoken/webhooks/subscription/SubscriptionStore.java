package io.equitoken.webhooks.subscription;

import java.time.Instant;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Persistence port of subscriptions. */
public interface SubscriptionStore {

  Mono<Void> insert(Subscription subscription);

  Mono<Subscription> find(UUID id);

  Mono<Void> update(Subscription subscription);

  Mono<Boolean> delete(UUID id);

  /** How many subscriptions the principal holds, whatever their status. */
  Mono<Long> countOwnedBy(String ownerId);

  /**
   * Pauses the subscriptions not yet paused that are bound to {@code apiKeyId}, or that record no
   * key and belong to {@code ownerId}; answers how many.
   */
  Mono<Long> pauseForKey(String apiKeyId, String ownerId, String reason, Instant now);

  /**
   * One page in (createdAt, id) order after the given key; {@code ownerId} null means everyone's.
   */
  Flux<Subscription> page(String ownerId, Instant afterCreatedAt, UUID afterId, int limit);
}
