package io.equitoken.webhooks.subscription;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import io.equitoken.webhooks.catalogue.EventCatalogue;
import io.equitoken.webhooks.endpoint.EndpointPolicy;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Creates, reads, changes, rotates and deletes subscriptions. Everyone manages their own; operators
 * anyone's. Another principal's subscription is "not found", never "forbidden", so ids do not leak.
 *
 * <p>A subscription is bound to the API key whose token created or last changed it (its URL, event
 * types, status or secret): revoking that key pauses it ({@link #pauseForRevokedKey}), so a leaked
 * token leaves no permanent feed behind; enabling it again binds it to the enabling token's key. A
 * principal holds at most {@code maxPerPrincipal} subscriptions, counted under a per-principal
 * transaction lock so that concurrent creations cannot pass the cap together.
 */
public final class SubscriptionService {

  public static final int MAX_DESCRIPTION = 500;
  public static final int MAX_EVENT_TYPES = 50;

  private final SubscriptionStore store;
  private final EventCatalogue catalogue;
  private final EndpointPolicy policy;
  private final Consumer<UUID> endpointGone;
  private final Clock clock;
  private final Transactions transactions;
  private final TransactionLocks locks;
  private final int maxPerPrincipal;

  /**
   * @param endpointGone told when a subscription is deleted or its URL changes, so that what is
   *     kept per endpoint (its circuit breaker) is dropped
   */
  public SubscriptionService(
      SubscriptionStore store,
      EventCatalogue catalogue,
      EndpointPolicy policy,
      Consumer<UUID> endpointGone,
      Clock clock,
      Transactions transactions,
      TransactionLocks locks,
      int maxPerPrincipal) {
    this.store = store;
    this.catalogue = catalogue;
    this.policy = policy;
    this.endpointGone = endpointGone;
    this.clock = clock;
    this.transactions = transactions;
    this.locks = locks;
    this.maxPerPrincipal = maxPerPrincipal;
  }

  /**
   * Creates an enabled subscription bound to the caller's API key; the answer carries the secret,
   * shown only this once. Refused with {@code 409 too-many-subscriptions} once the owner holds
   * {@code maxPerPrincipal}.
   */
  public Mono<Subscription> create(Actor actor, SubscriptionRequest request) {
    return Mono.fromCallable(
            () -> {
              if (request.status() != null) {
                throw Refusal.invalidMember("status", "cannot be set on creation").exception();
              }
              String url = policy.checkSubscriptionUrl(request.url()).toString();
              List<String> types = eventTypes(request.eventTypes());
              String description = description(request.description());
              Instant now = clock.instant();
              return new Subscription(
                  UUID.randomUUID(),
                  actor.principalId(),
                  actor.operator(),
                  actor.apiKeyId(),
                  url,
                  types,
                  description,
                  Subscription.Status.ENABLED,
                  null,
                  null,
                  null,
                  null,
                  Secrets.generate(),
                  null,
                  null,
                  null,
                  now,
                  now);
            })
        // the URL check resolves the host: blocking DNS stays off the event loop
        .subscribeOn(Schedulers.boundedElastic())
        .flatMap(s -> transactions.inTransaction(insertUnderCap(s)));
  }

  private Mono<Subscription> insertUnderCap(Subscription s) {
    return locks
        .lock("webhooks.subscriptions:" + s.ownerId())
        .then(store.countOwnedBy(s.ownerId()))
        .flatMap(
            held -> {
              if (held >= maxPerPrincipal) {
                return Mono.error(
                    Refusal.conflict(
                            "too-many-subscriptions",
                            "A principal may hold at most "
                                + maxPerPrincipal
                                + " webhook subscriptions; delete one first.")
                        .with("limit", maxPerPrincipal)
                        .exception());
              }
              return store.insert(s).thenReturn(s);
            });
  }

  /**
   * Pauses every subscription bound to the revoked API key (and those of its principal that record
   * no key, from before keys were recorded); answers how many. Deliveries already queued wait;
   * nothing new is queued until a valid key enables them again.
   */
  public Mono<Long> pauseForRevokedKey(String apiKeyId, String principalId, Instant revokedAt) {
    String reason =
        "The API key "
            + apiKeyId
            + " that created or last changed this subscription was revoked at "
            + revokedAt
            + "; enable it again with a valid key.";
    return store.pauseForKey(apiKeyId, principalId, reason, clock.instant());
  }

  public Mono<Subscription> get(Actor actor, UUID id) {
    return store
        .find(id)
        .filter(s -> s.visibleTo(actor))
        .switchIfEmpty(
            Mono.error(
                () ->
                    Refusal.notFound("not-found", "Subscription " + id + " was not found.")
                        .exception()));
  }

  /** One page of the caller's subscriptions (an operator's: everyone's, or one owner's). */
  public Flux<Subscription> list(
      Actor actor, String ownerFilter, Instant afterCreatedAt, UUID afterId, int limit) {
    String owner = actor.operator() ? ownerFilter : actor.principalId();
    return store.page(owner, afterCreatedAt, afterId, limit);
  }

  public Mono<Subscription> update(Actor actor, UUID id, SubscriptionRequest changes) {
    return get(actor, id)
        .publishOn(Schedulers.boundedElastic())
        .flatMap(
            current -> {
              Subscription s = apply(actor, current, changes);
              return store
                  .update(s)
                  .doOnSuccess(
                      done -> {
                        if (!s.url().equals(current.url())) {
                          endpointGone.accept(s.id());
                        }
                      })
                  .thenReturn(s);
            });
  }

  /**
   * The subscription after the changes: bound to the caller's key. A paused one changes only
   * together with {@code status} (enabling it with the caller's valid key, or disabling it).
   */
  private Subscription apply(Actor actor, Subscription s, SubscriptionRequest changes) {
    String url =
        changes.url() == null ? s.url() : policy.checkSubscriptionUrl(changes.url()).toString();
    List<String> types =
        changes.eventTypes() == null ? s.eventTypes() : eventTypes(changes.eventTypes());
    String description =
        changes.description() == null ? s.description() : description(changes.description());
    Subscription.Status status = s.status();
    String reason = s.disabledReason();
    Instant disabledAt = s.disabledAt();
    String pausedReason = s.pausedReason();
    Instant pausedAt = s.pausedAt();
    Instant failingSince = s.failingSince();
    boolean ownerOperator = s.ownerOperator();
    Instant now = clock.instant();
    if (changes.status() != null) {
      switch (changes.status()) {
        case "enabled" -> {
          if (status == Subscription.Status.PAUSED
              && (actor.apiKeyId() == null || actor.apiKeyId().equals(s.apiKeyId()))) {
            throw Refusal.conflict(
                    "subscription-paused",
                    "The subscription was paused because its API key was revoked; enable it"
                        + " with a token of another, valid key.")
                .withField("status")
                .exception();
          }
          if (status != Subscription.Status.ENABLED) {
            status = Subscription.Status.ENABLED;
            reason = null;
            disabledAt = null;
            pausedReason = null;
            pausedAt = null;
            failingSince = null;
          }
        }
        case "disabled" -> {
          if (status != Subscription.Status.DISABLED) {
            status = Subscription.Status.DISABLED;
            reason = "Disabled by its owner.";
            disabledAt = now;
            pausedReason = null;
            pausedAt = null;
          }
        }
        default ->
            throw Refusal.invalidMember("status", "must be enabled or disabled")
                .with("allowed", List.of("enabled", "disabled"))
                .exception();
      }
    } else if (status == Subscription.Status.PAUSED) {
      throw Refusal.conflict(
              "subscription-paused",
              "The subscription is paused: " + s.pausedReason() + " Send status: enabled.")
          .withField("status")
          .exception();
    }
    if (actor.principalId().equals(s.ownerId())) {
      // the owner's entitlement as its current key says
      ownerOperator = actor.operator();
    }
    return new Subscription(
        s.id(),
        s.ownerId(),
        ownerOperator,
        actor.apiKeyId() == null ? s.apiKeyId() : actor.apiKeyId(),
        url,
        types,
        description,
        status,
        reason,
        disabledAt,
        pausedReason,
        pausedAt,
        s.secret(),
        s.previousSecret(),
        s.previousSecretExpiresAt(),
        failingSince,
        s.createdAt(),
        now);
  }

  /**
   * Issues a new secret; the old one keeps signing for {@link Subscription#ROTATION_OVERLAP}. The
   * subscription is then bound to the caller's key (whoever holds the new secret can read it).
   */
  public Mono<Subscription> rotateSecret(Actor actor, UUID id) {
    return get(actor, id)
        .map(
            s -> {
              Instant now = clock.instant();
              return new Subscription(
                  s.id(),
                  s.ownerId(),
                  s.ownerOperator(),
                  actor.apiKeyId() == null ? s.apiKeyId() : actor.apiKeyId(),
                  s.url(),
                  s.eventTypes(),
                  s.description(),
                  s.status(),
                  s.disabledReason(),
                  s.disabledAt(),
                  s.pausedReason(),
                  s.pausedAt(),
                  Secrets.generate(),
                  s.secret(),
                  now.plus(Subscription.ROTATION_OVERLAP),
                  s.failingSince(),
                  s.createdAt(),
                  now);
            })
        .flatMap(s -> store.update(s).thenReturn(s));
  }

  public Mono<Void> delete(Actor actor, UUID id) {
    return get(actor, id)
        .flatMap(s -> store.delete(s.id()).doOnSuccess(deleted -> endpointGone.accept(s.id())))
        .then();
  }

  private List<String> eventTypes(List<String> requested) {
    if (requested == null || requested.isEmpty()) {
      throw Refusal.invalidMember("eventTypes", "must name at least one event type").exception();
    }
    if (requested.size() > MAX_EVENT_TYPES) {
      throw Refusal.invalidMember(
              "eventTypes", "may name at most " + MAX_EVENT_TYPES + " event types")
          .exception();
    }
    LinkedHashSet<String> types = new LinkedHashSet<>();
    for (String type : requested) {
      if (type == null || catalogue.byName(type).isEmpty()) {
        throw Refusal.unprocessable(
                "unknown-event-type",
                "Unknown event type " + type + "; GET /webhooks/event-types lists them.")
            .withField("eventTypes")
            .exception();
      }
      types.add(type);
    }
    return List.copyOf(types);
  }

  private static String description(String description) {
    if (description != null && description.length() > MAX_DESCRIPTION) {
      throw Refusal.invalidMember(
              "description", "may be at most " + MAX_DESCRIPTION + " characters")
          .exception();
    }
    return description;
  }
}
