package io.equitoken.webhooks.messaging;

import io.equitoken.platform.events.CloudEvents;
import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.IdempotentConsumer;
import io.equitoken.platform.events.PoisonEventException;
import io.equitoken.webhooks.catalogue.EventCatalogue;
import io.equitoken.webhooks.delivery.Deliveries;
import io.equitoken.webhooks.delivery.Dispatcher;
import io.equitoken.webhooks.delivery.IncomingEvent;
import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fans every offered event of the trading, listings and compliance topics out into deliveries. Each
 * event is fanned out once ({@link IdempotentConsumer}: the deliveries and the "processed" mark
 * commit together); types not offered as webhooks are skipped; unreadable events are poison and go
 * to the dead-letter topic.
 */
@Component
class EventsListener {

  static final String CONSUMER = "webhook-service.fan-out";
  static final String TRADING = "trading.events.v1";
  static final String LISTINGS = "listings.events.v1";
  static final String COMPLIANCE = "compliance.events.v1";
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final IdempotentConsumer consumer;
  private final EventCatalogue catalogue;
  private final Deliveries deliveries;
  private final Dispatcher dispatcher;
  private final JsonMapper json;

  EventsListener(
      IdempotentConsumer consumer,
      EventCatalogue catalogue,
      Deliveries deliveries,
      Dispatcher dispatcher,
      JsonMapper json) {
    this.consumer = consumer;
    this.catalogue = catalogue;
    this.deliveries = deliveries;
    this.dispatcher = dispatcher;
    this.json = json;
  }

  // group: spring.kafka.consumer.group-id (webhook-service)
  @KafkaListener(topics = {TRADING, LISTINGS, COMPLIANCE})
  void onEvent(ConsumerRecord<String, String> record) {
    EventEnvelope event = CloudEvents.fromRecord(record);
    if (catalogue.bySourceType(event.type()).isEmpty()) {
      return;
    }
    IncomingEvent incoming = new IncomingEvent(event.id(), event.type(), event.time(), data(event));
    consumer.handleOnce(CONSUMER, event, e -> deliveries.fanOut(incoming).then()).block(TIMEOUT);
    dispatcher.wake();
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
