package io.equitoken.trading.service.kernel;

import reactor.core.publisher.Mono;

/**
 * Port: what this service publishes, written inside the caller's transaction (the platform outbox),
 * so that a state change and its messages commit together or not at all.
 */
public interface Outbox {

  String EVENTS = "trading.events.v1";
  String COMMANDS = "trading.orders.v1";

  /**
   * A fact on {@code trading.events.v1}, type {@code equitoken.trading.<name>.v1}, keyed by {@code
   * key}.
   */
  Mono<Void> event(String key, String name, Object data);

  /**
   * A command to the matcher on {@code trading.orders.v1}, type {@code
   * equitoken.trading.command.<name>.v1}, keyed by the token id so that each token's commands are
   * totally ordered. The matcher dedupes on the CloudEvents id the outbox assigns.
   */
  Mono<Void> command(String tokenId, String name, Object data);
}
