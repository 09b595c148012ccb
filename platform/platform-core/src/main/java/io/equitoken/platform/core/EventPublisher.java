package io.equitoken.platform.core;

import reactor.core.publisher.Mono;

/**
 * Port: publishes a domain event of type {@code E} — inside the caller's transaction when the
 * adapter is platform-events' {@code OutboxPublisher}, so the event commits with the change it
 * describes.
 */
@FunctionalInterface
public interface EventPublisher<E> {

  Mono<Void> publish(E event);
}
