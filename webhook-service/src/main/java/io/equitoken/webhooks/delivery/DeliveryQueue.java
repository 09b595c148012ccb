package io.equitoken.webhooks.delivery;

import io.equitoken.webhooks.subscription.Subscription;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Persistence port of the durable retry queue: deliveries are queued, leased by the dispatcher,
 * their attempts' outcomes stored, and requeued by their owner. Reading the delivery log is {@link
 * DeliveryLog}'s.
 */
public interface DeliveryQueue {

  /** Inserts the deliveries; one that exists for the same subscription and event is skipped. */
  Mono<Void> insert(List<Delivery> deliveries);

  /**
   * An event to fan out: {@code template} is the delivery each entitled subscription gets a copy of
   * (its id and subscription are ignored); {@code owners} are the principals a private event
   * belongs to (never empty), null for a public event.
   */
  record Offered(Delivery template, List<String> owners) {

    public Offered {
      owners = owners == null ? null : List.copyOf(owners);
      if (owners != null && owners.isEmpty()) {
        throw new IllegalArgumentException("A private event needs an owner");
      }
    }
  }

  /**
   * Fans the events out in ONE statement, whatever their number: for each, a copy of its template
   * for every enabled subscription listing its type; for a private event only those of one of its
   * owners or of an operator. A subscription that already has a delivery of the event is skipped.
   * Answers how many deliveries were added.
   */
  Mono<Long> fanOut(List<Offered> events);

  /**
   * How many more deliveries may be claimed: per subscription {@code
   * capacity.getOrDefault(subscription, perSubscription)}, per owner (all their subscriptions
   * together) {@code ownerCapacity.getOrDefault(owner, perOwner)}.
   */
  record Limits(
      int perSubscription,
      Map<UUID, Integer> capacity,
      int perOwner,
      Map<String, Integer> ownerCapacity) {}

  /**
   * Leases up to {@code max} due pending deliveries of enabled subscriptions until {@code
   * leaseUntil}, within the {@code limits} per subscription and per owner, oldest due first.
   */
  Flux<Claimed> claim(Instant now, Instant leaseUntil, int max, Limits limits);

  /** Leases one delivery at once (the test send), whatever its due time. */
  Mono<Claimed> claimOne(UUID deliveryId, Instant leaseUntil);

  /**
   * The earliest time after {@code now} at which a pending delivery falls due (a scheduled retry),
   * or empty when none is scheduled; one lookup in the due index.
   */
  Mono<Instant> nextDueAfter(Instant now);

  /** What an attempt does to its subscription. */
  enum SubscriptionChange {
    /** Nothing (nothing was sent). */
    NONE,
    /** A success: the failure streak, if any, ends. */
    CLEAR_FAILING,
    /** A failure: a failure streak starts unless one is running. */
    MARK_FAILING,
    /** Disable the subscription (and mark the failure): {@link #recordDisabling} only. */
    DISABLE
  }

  /**
   * One attempt's outcome: the delivery's new state, the attempt ({@code null}: nothing was sent)
   * and the change to its subscription, as of {@code now}.
   */
  record Recording(Delivery delivery, Attempt attempt, SubscriptionChange change, Instant now) {}

  /**
   * Stores many outcomes in one statement, as if each were stored in order ({@link FailureStreaks}
   * folds their subscription changes), and releases their leases; {@code DISABLE} is refused.
   */
  Mono<Void> record(List<Recording> recordings);

  /**
   * Stores one outcome whose change is {@code DISABLE} in one statement, as {@link #record} does,
   * and disables its subscription for {@code reason}; with {@code failingUpTo} set only if the
   * subscription's failure streak started at or before it (a success recorded meanwhile keeps it
   * enabled).
   */
  Mono<Void> recordDisabling(Recording recording, String reason, Instant failingUpTo);

  /** Makes the delivery due now with a fresh schedule; false if it is not found. */
  Mono<Boolean> requeue(UUID subscriptionId, UUID deliveryId, Instant now);

  /** Requeues every failed delivery of the subscription created at or after {@code since}. */
  Mono<Long> recoverFailed(UUID subscriptionId, Instant since, Instant now);

  /** A leased delivery with the subscription it goes to. */
  record Claimed(Delivery delivery, Subscription subscription) {}
}
