package io.equitoken.identity.messaging;

import io.equitoken.identity.apikey.ApiKeyCreated;
import io.equitoken.identity.apikey.ApiKeyEvents;
import io.equitoken.identity.apikey.ApiKeyRevoked;
import io.equitoken.platform.events.OutboxWriter;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Writes API key facts to the outbox, keyed by the API key id so that one key's created and revoked
 * events stay in order on the topic.
 */
@Component
class OutboxApiKeyEvents implements ApiKeyEvents {

  private final OutboxWriter outbox;

  OutboxApiKeyEvents(OutboxWriter outbox) {
    this.outbox = outbox;
  }

  @Override
  public Mono<Void> created(ApiKeyCreated event) {
    return outbox.append(
        IdentityTopic.NAME,
        event.apiKey(),
        IdentityTopic.API_KEY_CREATED,
        event.apiKey(),
        ApiKeyCreatedV1.of(event));
  }

  @Override
  public Mono<Void> revoked(ApiKeyRevoked event) {
    return outbox.append(
        IdentityTopic.NAME,
        event.apiKey(),
        IdentityTopic.API_KEY_REVOKED,
        event.apiKey(),
        ApiKeyRevokedV1.of(event));
  }
}
