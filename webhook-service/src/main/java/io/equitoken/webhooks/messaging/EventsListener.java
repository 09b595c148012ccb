package io.equitoken.webhooks.messaging;

import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.IdempotentConsumer;
import io.equitoken.platform.events.PoisonEventException;
import io.equitoken.webhooks.catalogue.EventCatalogue;
import io.equitoken.webhooks.delivery.Deliveries;
import io.equitoken.webhooks.delivery.Dispatcher;
import io.equitoken.webhooks.delivery.IncomingEvent;
import io.equitoken.webhooks.subscription.SubscriptionService;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fans every offered event of the trading, listings and compliance topics out into deliveries, and
 * pauses the subscriptions of an API key when identity revokes it ({@code identity.events.v1}).
 * Each event is fanned out once ({@link IdempotentConsumer}: the deliveries and the "processed"
 * mark commit together, a poll's records in one transaction); types not offered as webhooks are
 * skipped; unreadable events are poison and go to the dead-letter topic.
 */
@Component
class EventsListener {

  static final String CONSUMER = "webhook-service.fan-out";
  static final String TRADING = "trading.events.v1";
  static final String LISTINGS = "listings.events.v1";
  static final String COMPLIANCE = "compliance.events.v1";
  static final String IDENTITY = "identity.events.v1";
  static final String API_KEY_REVOKED = "equitoken.identity.api-key.revoked.v1";
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final IdempotentConsumer consumer;
  private final EventCatalogue catalogue;
  private final Deliveries deliveries;
  private final Dispatcher dispatcher;
  private final SubscriptionService subscriptions;
  private final JsonMapper json;

  /** The offered types and the key revocation; the topics' others are passed over by type. */
  private final Set<String> handled;

  EventsListener(
      IdempotentConsumer consumer,
      EventCatalogue catalogue,
      Deliveries deliveries,
      Dispatcher dispatcher,
      SubscriptionService subscriptions,
      JsonMapper json) {
    this.subscriptions = subscriptions;
    this.consumer = consumer;
    this.catalogue = catalogue;
    this.deliveries = deliveries;
    this.dispatcher = dispatcher;
    this.json = json;
    Set<String> types = new HashSet<>(catalogue.sourceTypes());
    types.add(API_KEY_REVOKED);
    this.handled = Set.copyOf(types);
  }

  /** A poll's records in one transaction ({@link IdempotentConsumer#handleBatch}). */
  @KafkaListener(
      topics = {TRADING, LISTINGS, COMPLIANCE, IDENTITY},
      groupId = "${spring.kafka.consumer.group-id}",
      batch = "true")
  void onEvents(List<ConsumerRecord<String, String>> records) {
    try {
      consumer.handleBatch(CONSUMER, records, handled, this::prepare, TIMEOUT);
    } finally {
      dispatcher.wake(); // also for what was fanned out before a failed record
    }
  }

  private Mono<Void> prepare(EventEnvelope event) {
    if (API_KEY_REVOKED.equals(event.type())) {
      return paused(event);
    }
    if (catalogue.bySourceType(event.type()).isEmpty()) {
      return null;
    }
    IncomingEvent incoming = new IncomingEvent(event.id(), event.type(), event.time(), data(event));
    return deliveries.fanOut(incoming).then();
  }

  /** The revoked key's subscriptions stop delivering (the dispatcher also checks at send time). */
  private Mono<Void> paused(EventEnvelope event) {
    JsonNode data = data(event);
    JsonNode key = data.get("apiKey");
    if (key == null || !key.isString() || key.asString().isEmpty()) {
      throw new PoisonEventException("Event " + event.id() + " names no apiKey");
    }
    JsonNode principal = data.get("principalId");
    return subscriptions
        .pauseForRevokedKey(
            key.asString(),
            principal != null && principal.isString() ? principal.asString() : null,
            event.time())
        .then();
  }

  private JsonNode data(EventEnvelope event) {
    try {
      JsonNode data = json.readTree(event.dataJson());
      if (data == null || !data.isObject()) {
        throw new PoisonEventException("Event " + event.id() + " has no JSON object as data");
      }
      return data;
    } catch (JacksonException e) {
      throw new PoisonEventException("Event " + event.id() + " has unreadable data", e);
    }
  }
}
