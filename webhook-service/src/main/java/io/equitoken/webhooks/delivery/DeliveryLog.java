package io.equitoken.webhooks.delivery;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Persistence port of the delivery log: what an owner reads of a subscription's deliveries. */
public interface DeliveryLog {

  /** The subscription's delivery, or empty. */
  Mono<Delivery> find(UUID subscriptionId, UUID deliveryId);

  /** A page of the log, newest first, after the given key; filters may be null. */
  Flux<Delivery> page(
      UUID subscriptionId,
      Delivery.Status status,
      String eventType,
      Instant beforeCreatedAt,
      UUID beforeId,
      int limit);

  /** The attempts of these deliveries, oldest first. */
  Flux<Attempt> attempts(List<UUID> deliveryIds);
}
