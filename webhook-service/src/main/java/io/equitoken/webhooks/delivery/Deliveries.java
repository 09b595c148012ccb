package io.equitoken.webhooks.delivery;

import io.equitoken.webhooks.catalogue.ContractDocuments;
import io.equitoken.webhooks.catalogue.EventCatalogue;
import io.equitoken.webhooks.catalogue.EventType;
import io.equitoken.webhooks.kernel.Refused;
import io.equitoken.webhooks.subscription.Actor;
import io.equitoken.webhooks.subscription.Subscription;
import io.equitoken.webhooks.subscription.SubscriptionService;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns events into deliveries (fan-out), makes attempts and applies their outcome, and serves the
 * owner's controls: the test send, the delivery log, replay and recovery.
 */
public final class Deliveries {

  /** How long a claimed delivery is reserved for the instance sending it. */
  public static final Duration LEASE = Duration.ofMinutes(2);

  private final DeliveryStore store;
  private final SubscriptionService subscriptions;
  private final EventCatalogue catalogue;
  private final WebhookSender sender;
  private final AttemptRules rules;
  private final JsonMapper json;
  private final Clock clock;
  private final OutcomeRecorder recorder;

  public Deliveries(
      DeliveryStore store,
      SubscriptionService subscriptions,
      EventCatalogue catalogue,
      WebhookSender sender,
      AttemptRules rules,
      JsonMapper json,
      Clock clock) {
    this.store = store;
    this.subscriptions = subscriptions;
    this.catalogue = catalogue;
    this.sender = sender;
    this.rules = rules;
    this.json = json;
    this.clock = clock;
    this.recorder = new OutcomeRecorder(store, RECORD_BATCH, RECORD_WRITERS);
  }

  /** At most this many attempt outcomes are stored per statement. */
  static final int RECORD_BATCH = 64;

  /** At most this many statements storing outcomes run at once (of the pool's 10 connections). */
  static final int RECORD_WRITERS = 4;

  /**
   * Queues the event for every enabled subscription entitled to it, in one statement; answers how
   * many deliveries were added. Run inside the consumer's transaction, so a redelivered event adds
   * nothing.
   */
  public Mono<Integer> fanOut(IncomingEvent event) {
    EventType type = catalogue.bySourceType(event.sourceType()).orElse(null);
    if (type == null) {
      return Mono.just(0);
    }
    List<String> owners = type.isPrivate() ? owners(type, event.data()) : null;
    if (owners != null && owners.isEmpty()) {
      return Mono.just(0);
    }
    String payload = payload(type.name(), event.time(), ContractDocuments.trim(type, event.data()));
    return store
        .fanOut(Delivery.pending(null, event.id(), type.name(), payload, clock.instant()), owners)
        .map(Long::intValue);
  }

  private static List<String> owners(EventType type, JsonNode data) {
    List<String> owners = new ArrayList<>();
    for (String field : type.ownerFields()) {
      JsonNode value = data.get(field);
      if (value != null && value.isString() && !value.asString().isEmpty()) {
        owners.add(value.asString());
      }
    }
    return owners;
  }

  private String payload(String type, Instant time, JsonNode data) {
    ObjectNode body = json.createObjectNode();
    body.put("type", type);
    body.put("timestamp", time.toString());
    body.set("data", data);
    return json.writeValueAsString(body);
  }

  /** Signs and sends one claimed delivery, then records the outcome. */
  public Mono<Outcome> attempt(DeliveryStore.Claimed claimed) {
    Delivery d = claimed.delivery();
    Subscription s = claimed.subscription();
    Instant start = clock.instant();
    long timestamp = start.getEpochSecond();
    String signature =
        Signatures.header(s.signingSecrets(start), d.messageId(), timestamp, d.payload());
    var request =
        new WebhookSender.Request(s.url(), d.messageId(), timestamp, signature, d.payload());
    return sender
        .send(s.id(), request)
        .flatMap(outcome -> apply(claimed, outcome, start).thenReturn(outcome));
  }

  private Mono<Void> apply(DeliveryStore.Claimed claimed, Outcome outcome, Instant start) {
    // the failure streak as read with the claim: one statement records everything; a streak
    // another attempt starts meanwhile is seen by the next attempt
    Subscription s = claimed.subscription();
    var decision = rules.decide(claimed.delivery(), s.failingSince(), outcome, start);
    DeliveryStore.SubscriptionChange change =
        switch (decision.change()) {
          case NONE -> DeliveryStore.SubscriptionChange.NONE;
          case SUCCEEDED -> DeliveryStore.SubscriptionChange.CLEAR_FAILING;
          case FAILED -> DeliveryStore.SubscriptionChange.MARK_FAILING;
          case DISABLE -> DeliveryStore.SubscriptionChange.DISABLE;
        };
    Instant failingUpTo =
        decision.change() == AttemptRules.Change.DISABLE && outcome.kind() != Outcome.Kind.GONE
            ? start.minus(AttemptRules.DISABLE_AFTER)
            : null;
    if (change == DeliveryStore.SubscriptionChange.DISABLE) {
      return store.record(
          decision.delivery(), decision.attempt(), change, decision.reason(), failingUpTo, start);
    }
    return recorder.record(
        new DeliveryStore.Recording(decision.delivery(), decision.attempt(), change, start));
  }

  /** Sends a signed {@code webhook.test} event now and answers the outcome. */
  public Mono<TestResult> test(Actor actor, UUID subscriptionId) {
    return subscriptions
        .get(actor, subscriptionId)
        .flatMap(
            s -> {
              Instant now = clock.instant();
              ObjectNode data = json.createObjectNode();
              data.put("subscriptionId", s.id().toString());
              data.put("message", "A test event from Equitoken.");
              String eventId = "test_" + UUID.randomUUID();
              Delivery d =
                  Delivery.pending(
                      s.id(),
                      eventId,
                      EventCatalogue.TEST_TYPE,
                      payload(EventCatalogue.TEST_TYPE, now, data),
                      now);
              return store
                  .insert(List.of(d))
                  .then(store.claimOne(d.id(), now.plus(LEASE)))
                  .flatMap(this::attempt)
                  .map(o -> new TestResult(d.id(), d.messageId(), o));
            });
  }

  /** The answer of a test send. */
  public record TestResult(UUID deliveryId, String messageId, Outcome outcome) {}

  /** A page of the delivery log with every attempt of each delivery. */
  public Mono<List<LoggedDelivery>> log(
      Actor actor,
      UUID subscriptionId,
      Delivery.Status status,
      String eventType,
      Instant beforeCreatedAt,
      UUID beforeId,
      int limit) {
    if (eventType != null
        && catalogue.byName(eventType).isEmpty()
        && !eventType.equals(EventCatalogue.TEST_TYPE)) {
      return Mono.error(
          Refused.unprocessable(
              "unknown-event-type", "eventType", "Unknown event type " + eventType + "."));
    }
    return subscriptions
        .get(actor, subscriptionId)
        .flatMap(
            s ->
                store
                    .page(s.id(), status, eventType, beforeCreatedAt, beforeId, limit)
                    .collectList())
        .flatMap(
            page ->
                store
                    .attempts(page.stream().map(Delivery::id).toList())
                    .collectMultimap(Attempt::deliveryId)
                    .map(
                        byDelivery ->
                            page.stream()
                                .map(
                                    d ->
                                        new LoggedDelivery(
                                            d,
                                            List.copyOf(
                                                byDelivery.getOrDefault(d.id(), List.of()))))
                                .toList()));
  }

  /** A delivery with its attempts. */
  public record LoggedDelivery(Delivery delivery, List<Attempt> attempts) {}

  /** Makes one delivery due again now (same {@code webhook-id}). */
  public Mono<Delivery> replay(Actor actor, UUID subscriptionId, UUID deliveryId) {
    return subscriptions
        .get(actor, subscriptionId)
        .flatMap(s -> store.requeue(s.id(), deliveryId, clock.instant()))
        .filter(Boolean::booleanValue)
        .flatMap(ok -> store.find(subscriptionId, deliveryId))
        .switchIfEmpty(Mono.error(() -> Refused.notFound("Delivery " + deliveryId)));
  }

  /** Requeues every failed delivery of the subscription since the given time. */
  public Mono<Long> recover(Actor actor, UUID subscriptionId, Instant since) {
    if (since == null) {
      return Mono.error(Refused.invalid("since", "since is required."));
    }
    return subscriptions
        .get(actor, subscriptionId)
        .flatMap(s -> store.recoverFailed(s.id(), since, clock.instant()));
  }

  public Flux<EventType> types() {
    return Flux.fromIterable(catalogue.types());
  }
}
