package io.equitoken.webhooks.delivery;

import io.equitoken.platform.core.Refusal;
import io.equitoken.webhooks.catalogue.ContractDocuments;
import io.equitoken.webhooks.catalogue.EventCatalogue;
import io.equitoken.webhooks.catalogue.EventType;
import io.equitoken.webhooks.delivery.DeliveryQueue.Recording;
import io.equitoken.webhooks.delivery.DeliveryQueue.SubscriptionChange;
import io.equitoken.webhooks.subscription.Actor;
import io.equitoken.webhooks.subscription.Secrets;
import io.equitoken.webhooks.subscription.Subscription;
import io.equitoken.webhooks.subscription.SubscriptionService;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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

  private static final Logger log = LoggerFactory.getLogger(Deliveries.class);

  /** How long a claimed delivery is reserved for the instance sending it. */
  public static final Duration LEASE = Duration.ofMinutes(2);

  private final DeliveryQueue queue;
  private final DeliveryLog deliveryLog;
  private final SubscriptionService subscriptions;
  private final EventCatalogue catalogue;
  private final WebhookSender sender;
  private final AttemptRules rules;
  private final JsonMapper json;
  private final Clock clock;
  private final OutcomeRecorder recorder;
  private final Predicate<String> revokedKey;

  public Deliveries(
      DeliveryQueue queue,
      DeliveryLog deliveryLog,
      SubscriptionService subscriptions,
      EventCatalogue catalogue,
      WebhookSender sender,
      AttemptRules rules,
      JsonMapper json,
      Clock clock,
      Predicate<String> revokedKey) {
    this.revokedKey = revokedKey;
    this.queue = queue;
    this.deliveryLog = deliveryLog;
    this.subscriptions = subscriptions;
    this.catalogue = catalogue;
    this.sender = sender;
    this.rules = rules;
    this.json = json;
    this.clock = clock;
    this.recorder = new OutcomeRecorder(queue, RECORD_BATCH, RECORD_WRITERS);
  }

  /** At most this many attempt outcomes are stored per statement. */
  static final int RECORD_BATCH = 64;

  /** At most this many statements storing outcomes run at once (of the pool's 10 connections). */
  static final int RECORD_WRITERS = 4;

  /**
   * What fan-out needs of the event, built from it alone (before the consumer's transaction): its
   * webhook body and, for a private type, the principals it belongs to. Null when it goes to
   * nobody: its type is not offered, or it is private and names no owner.
   */
  public DeliveryQueue.Offered offered(IncomingEvent event) {
    EventType type = catalogue.bySourceType(event.sourceType()).orElse(null);
    if (type == null) {
      return null;
    }
    List<String> owners = type.isPrivate() ? owners(type, event.data()) : null;
    if (owners != null && owners.isEmpty()) {
      return null;
    }
    String payload = payload(type.name(), event.time(), ContractDocuments.trim(type, event.data()));
    return new DeliveryQueue.Offered(
        Delivery.pending(null, event.id(), type.name(), payload, clock.instant()), owners);
  }

  /**
   * Queues each event for every enabled subscription entitled to it, all of them in one statement;
   * answers how many deliveries were added. Run inside the consumer's transaction, so a redelivered
   * event adds nothing.
   */
  public Mono<Long> fanOut(List<DeliveryQueue.Offered> events) {
    return events.isEmpty() ? Mono.just(0L) : queue.fanOut(events);
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

  /**
   * Signs and sends one claimed delivery, then records the outcome. Entitlement is checked first,
   * at delivery time: a subscription whose API key has been revoked is paused and sends nothing
   * (the delivery waits, as when the revocation feed paused it), and a private event goes only to
   * its owner or to a subscription whose owner is an operator by its current key.
   */
  public Mono<Outcome> attempt(DeliveryQueue.Claimed claimed) {
    Delivery d = claimed.delivery();
    Subscription s = claimed.subscription();
    Instant start = clock.instant();
    if (s.apiKeyId() != null && revokedKey.test(s.apiKeyId())) {
      Outcome paused =
          Outcome.notSent(Outcome.Kind.NOT_ENTITLED, "The subscription's API key was revoked.");
      return subscriptions
          .pauseForRevokedKey(s.apiKeyId(), s.ownerId(), start)
          .then(recorder.record(new Recording(d, null, SubscriptionChange.NONE, start)))
          .thenReturn(paused);
    }
    if (!entitled(s, d)) {
      return failForGood(
          d,
          start,
          Outcome.Kind.NOT_ENTITLED,
          "Not sent: the event is private to another principal and the subscription's owner is"
              + " no longer an operator.");
    }
    if (!Secrets.isUsable(s.secret())) {
      log.warn(
          "Delivery {} failed for good: the signing secret stored for subscription {} is not"
              + " whsec_ and a base64 key; rotating the secret gives it a usable one",
          d.id(),
          s.id());
      return failForGood(
          d,
          start,
          Outcome.Kind.FAILED,
          "Not sent: the subscription's signing secret cannot be used; rotate the secret.");
    }
    long timestamp = start.getEpochSecond();
    String signature =
        Signatures.header(s.signingSecrets(start), d.messageId(), timestamp, d.payload());
    var request =
        new WebhookSender.Request(s.url(), d.messageId(), timestamp, signature, d.payload());
    return sender
        .send(s.id(), request)
        .flatMap(outcome -> apply(claimed, outcome, start).thenReturn(outcome));
  }

  /** Ends the delivery as failed without sending it: one attempt logged, no retry. */
  private Mono<Outcome> failForGood(Delivery d, Instant start, Outcome.Kind kind, String error) {
    Delivery failed =
        new Delivery(
            d.id(),
            d.subscriptionId(),
            d.messageId(),
            d.eventId(),
            d.eventType(),
            d.payload(),
            Delivery.Status.FAILED,
            d.step(),
            d.attempts(),
            null,
            d.createdAt(),
            d.lastAttemptAt());
    Attempt logged = new Attempt(d.id(), start, null, 0, null, error, null);
    return recorder
        .record(new Recording(failed, logged, SubscriptionChange.NONE, start))
        .thenReturn(Outcome.notSent(kind, error));
  }

  /** Whether the subscription may receive the delivery's event as its owner stands now. */
  private boolean entitled(Subscription s, Delivery d) {
    if (s.ownerOperator()) {
      return true;
    }
    EventType type = catalogue.byName(d.eventType()).orElse(null);
    if (type == null || !type.isPrivate()) {
      return true;
    }
    JsonNode data = json.readTree(d.payload()).get("data");
    return data != null && owners(type, data).contains(s.ownerId());
  }

  private Mono<Void> apply(DeliveryQueue.Claimed claimed, Outcome outcome, Instant start) {
    // the failure streak as read with the claim: one statement records everything; a streak
    // another attempt starts meanwhile is seen by the next attempt
    Subscription s = claimed.subscription();
    var decision = rules.decide(claimed.delivery(), s.failingSince(), outcome, start);
    SubscriptionChange change =
        switch (decision.change()) {
          case NONE -> SubscriptionChange.NONE;
          case SUCCEEDED -> SubscriptionChange.CLEAR_FAILING;
          case FAILED -> SubscriptionChange.MARK_FAILING;
          case DISABLE -> SubscriptionChange.DISABLE;
        };
    Instant failingUpTo =
        decision.change() == AttemptRules.Change.DISABLE && outcome.kind() != Outcome.Kind.GONE
            ? start.minus(AttemptRules.DISABLE_AFTER)
            : null;
    Recording recording = new Recording(decision.delivery(), decision.attempt(), change, start);
    if (change == SubscriptionChange.DISABLE) {
      return queue.recordDisabling(recording, decision.reason(), failingUpTo);
    }
    return recorder.record(recording);
  }

  /**
   * Queues a signed {@code webhook.test} event for the subscription, due now, and answers at once:
   * the attempt shows in the delivery log ({@code eventType=webhook.test}). A paused subscription
   * is refused ({@code 409 subscription-paused}): nothing is sent for a revoked key.
   */
  public Mono<QueuedTest> queueTest(Actor actor, UUID subscriptionId) {
    return subscriptions
        .get(actor, subscriptionId)
        .flatMap(
            s -> {
              if (s.status() == Subscription.Status.PAUSED) {
                return Mono.error(
                    Refusal.conflict(
                            "subscription-paused",
                            "The subscription is paused: "
                                + s.pausedReason()
                                + " Nothing is sent until it is enabled again.")
                        .exception());
              }
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
              return queue.insert(List.of(d)).thenReturn(new QueuedTest(d, s.ownerId()));
            });
  }

  /** Leases a queued test delivery for sending now, whatever its subscription's status. */
  public Mono<DeliveryQueue.Claimed> claimTest(UUID deliveryId) {
    return queue.claimOne(deliveryId, clock.instant().plus(LEASE));
  }

  /** A queued test delivery and the owner of its subscription. */
  public record QueuedTest(Delivery delivery, String ownerId) {}

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
          Refusal.unprocessable("unknown-event-type", "Unknown event type " + eventType + ".")
              .withField("eventType")
              .exception());
    }
    return subscriptions
        .get(actor, subscriptionId)
        .flatMap(
            s ->
                deliveryLog
                    .page(s.id(), status, eventType, beforeCreatedAt, beforeId, limit)
                    .collectList())
        .flatMap(
            page ->
                deliveryLog
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
        .flatMap(s -> queue.requeue(s.id(), deliveryId, clock.instant()))
        .filter(Boolean::booleanValue)
        .flatMap(ok -> deliveryLog.find(subscriptionId, deliveryId))
        .switchIfEmpty(
            Mono.error(
                () ->
                    Refusal.notFound("not-found", "Delivery " + deliveryId + " was not found.")
                        .exception()));
  }

  /** Requeues every failed delivery of the subscription since the given time. */
  public Mono<Long> recover(Actor actor, UUID subscriptionId, Instant since) {
    if (since == null) {
      return Mono.error(Refusal.invalidMember("since", "is required").exception());
    }
    return subscriptions
        .get(actor, subscriptionId)
        .flatMap(s -> queue.recoverFailed(s.id(), since, clock.instant()));
  }

  public Flux<EventType> types() {
    return Flux.fromIterable(catalogue.types());
  }
}
