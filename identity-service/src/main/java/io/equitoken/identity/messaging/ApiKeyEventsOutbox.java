package io.equitoken.identity.messaging;

import io.equitoken.identity.apikey.ApiKeyCreated;
import io.equitoken.identity.apikey.ApiKeyEvent;
import io.equitoken.identity.apikey.ApiKeyRevoked;
import io.equitoken.platform.events.OutboxPublisher;
import io.equitoken.platform.events.OutboxPublisher.Outgoing;
import io.equitoken.platform.events.OutboxWriter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Publishes API key facts on {@value IdentityTopic#NAME} through the transactional outbox, keyed
 * (and with the subject) by the API key id so that one key's created and revoked events stay in
 * order on the topic.
 */
@Configuration(proxyBeanMethods = false)
class ApiKeyEventsOutbox {

  @Bean
  OutboxPublisher<ApiKeyEvent> apiKeyEvents(OutboxWriter outbox) {
    return OutboxPublisher.<ApiKeyEvent>builder(outbox)
        .on(
            ApiKeyCreated.class,
            e ->
                Outgoing.of(
                    IdentityTopic.NAME,
                    e.apiKey(),
                    IdentityTopic.API_KEY_CREATED,
                    ApiKeyCreatedV1.of(e)))
        .on(
            ApiKeyRevoked.class,
            e ->
                Outgoing.of(
                    IdentityTopic.NAME,
                    e.apiKey(),
                    IdentityTopic.API_KEY_REVOKED,
                    ApiKeyRevokedV1.of(e)))
        .build();
  }
}
