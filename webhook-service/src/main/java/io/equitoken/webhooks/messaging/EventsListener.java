package io.equitoken.webhooks.messaging;

import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.IdempotentConsumer;
import io.equitoken.platform.events.PoisonEventException;
import io.equitoken.webhooks.catalogue.EventCatalogue;
import io.equitoken.webhooks.delivery.Deliveries;
import io.equitoken.webhooks.delivery.DeliveryQueue;
import io.equitoken.webhooks.delivery.Dispatcher;
import io.equitoken.webhooks.delivery.IncomingEvent;
import io.equitoken.webhooks.subscription.SubscriptionService;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fans every offered event of the trading, listings and compliance topics out into deliveries, and
 * pauses the subscriptions of an API key when identity revokes it ({@code identity.events.v1}).
 * Each event is fanned out once ({@link IdempotentConsumer}: the deliveries and the "processed"
 * mark commit together, a poll's records in one transaction, its events fanned out together by one
 * statement); types not offered as webhooks are skipped; unreadable events are poison and go to the
 * dead-letter topic.
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

  /**
   * A poll's records in one transaction, its events fanned out together ({@link
   * IdempotentConsumer#handleBatch} with {@link #applyAll}).
   */
  @KafkaListener(
      topics = {TRADING, LISTINGS, COMPLIANCE, IDENTITY},
      groupId = "${spring.kafka.consumer.group-id}",
      batch = "true")
  void onEvents(List<ConsumerRecord<String, String>> records) {
    AtomicBoolean queued = new AtomicBoolean();
    boolean failed = true;
    try {
      consumer.handleBatch(
          CONSUMER, records, handled, this::read, poll -> applyAll(poll, queued), TIMEOUT);
      failed = false;
    } finally {
      // the dispatcher claims what the poll queued; a poll that queued nothing (no subscription
      // wants its events) costs it no claim; after a failure, whatever was fanned out before it
      if (queued.get() || failed) {
        dispatcher.wake();
      }
    }
  }

  /** What a record asks for: its fan-out, or the pause of a revoked key's subscriptions. */
  sealed interface Work permits FanOut, Pause {}

  /** A step of a poll's work: a run of events fanned out together, or a pause. */
  sealed interface Step permits FanOutAll, Pause {}

  record FanOut(DeliveryQueue.Offered event) implements Work {}

  record FanOutAll(List<DeliveryQueue.Offered> events) implements Step {}

  record Pause(String apiKeyId, String principalId, Instant revokedAt) implements Work, Step {}

  /**
   * Read before the transaction (a malformed event goes to the dead-letter topic without retries),
   * the webhook body built here; null for an event that goes to nobody (not offered, or private
   * without owners).
   */
  private Work read(EventEnvelope event) {
    if (API_KEY_REVOKED.equals(event.type())) {
      return pause(event);
    }
    if (catalogue.bySourceType(event.type()).isEmpty()) {
      return null;
    }
    DeliveryQueue.Offered offered =
        deliveries.offered(new IncomingEvent(event.id(), event.type(), event.time(), data(event)));
    return offered == null ? null : new FanOut(offered);
  }

  /**
   * A poll's new events, applied in the {@link #steps} they make, one after the other; {@code
   * queued} is set when a fan-out queued at least one delivery.
   */
  private Mono<Void> applyAll(List<Work> poll, AtomicBoolean queued) {
    return Flux.fromIterable(steps(poll))
        .concatMap(
            step ->
                step instanceof Pause p
                    ? subscriptions.pauseForRevokedKey(p.apiKeyId(), p.principalId(), p.revokedAt())
                    : deliveries
                        .fanOut(((FanOutAll) step).events())
                        .doOnNext(
                            deliveriesQueued -> {
                              if (deliveriesQueued > 0) {
                                queued.set(true);
                              }
                            }))
        .then();
  }

  /**
   * A poll's work in record order, as one record at a time would apply it: each run of events
   * between key revocations is one fan-out (a poll without a revocation: one statement), and each
   * revocation pauses its subscriptions after the events before it and before those after it. So an
   * event before the revocation is queued for the subscription (and waits while it is paused), one
   * after it is not; the dispatcher also checks the key at send time.
   */
  static List<Step> steps(List<Work> poll) {
    List<Step> steps = new ArrayList<>();
    List<DeliveryQueue.Offered> run = new ArrayList<>();
    for (Work work : poll) {
      if (work instanceof FanOut f) {
        run.add(f.event());
      } else if (work instanceof Pause p) {
        if (!run.isEmpty()) {
          steps.add(new FanOutAll(List.copyOf(run)));
          run.clear();
        }
        steps.add(p);
      }
    }
    if (!run.isEmpty()) {
      steps.add(new FanOutAll(List.copyOf(run)));
    }
    return steps;
  }

  /** The revoked key's subscriptions stop delivering (the dispatcher also checks at send time). */
  private Pause pause(EventEnvelope event) {
    JsonNode data = data(event);
    JsonNode key = data.get("apiKey");
    if (key == null || !key.isString() || key.asString().isEmpty()) {
      throw new PoisonEventException("Event " + event.id() + " names no apiKey");
    }
    JsonNode principal = data.get("principalId");
    return new Pause(
        key.asString(),
        principal != null && principal.isString() ? principal.asString() : null,
        event.time());
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
