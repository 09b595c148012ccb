package io.equitoken.webhooks.delivery;

import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * Sends one signed request to a subscriber's URL (after the SSRF check at delivery time, through
 * the endpoint's circuit breaker). Never fails: every problem is an {@link Outcome}.
 */
public interface WebhookSender {

  Mono<Outcome> send(UUID subscriptionId, Request request);

  /** Drops what is kept per endpoint (its circuit breaker): deleted, or its URL changed. */
  void forget(UUID subscriptionId);

  /** The request: URL, the three Standard Webhooks headers' values and the body. */
  record Request(String url, String messageId, long timestamp, String signature, String body) {}
}
