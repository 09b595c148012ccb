package io.equitoken.webhooks.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.webhooks.catalogue.ContractDocuments;
import io.equitoken.webhooks.catalogue.EventType;
import io.equitoken.webhooks.delivery.Attempt;
import io.equitoken.webhooks.delivery.Deliveries;
import io.equitoken.webhooks.delivery.Delivery;
import io.equitoken.webhooks.subscription.Subscription;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** The JSON answers of the webhooks API (never the persistence records). */
final class Views {

  private Views() {}

  record SubscriptionView(
      UUID id,
      String ownerId,
      String url,
      List<String> eventTypes,
      String description,
      String status,
      String disabledReason,
      Instant disabledAt,
      String pausedReason,
      Instant pausedAt,
      String apiKeyId,
      Instant createdAt,
      Instant updatedAt) {

    static SubscriptionView of(Subscription s) {
      return new SubscriptionView(
          s.id(),
          s.ownerId(),
          s.url(),
          s.eventTypes(),
          s.description(),
          s.status().wire(),
          s.disabledReason(),
          s.disabledAt(),
          s.pausedReason(),
          s.pausedAt(),
          s.apiKeyId(),
          s.createdAt(),
          s.updatedAt());
    }
  }

  /** The answer of a creation: the only time the secret is shown. */
  record CreatedSubscriptionView(
      UUID id,
      String ownerId,
      String url,
      List<String> eventTypes,
      String description,
      String status,
      Instant createdAt,
      @JsonInclude(JsonInclude.Include.NON_NULL) String secret) {

    /** What an idempotent replay answers (and all that is stored of it): the secret left out. */
    CreatedSubscriptionView withoutSecret() {
      return new CreatedSubscriptionView(
          id, ownerId, url, eventTypes, description, status, createdAt, null);
    }

    static CreatedSubscriptionView of(Subscription s) {
      return new CreatedSubscriptionView(
          s.id(),
          s.ownerId(),
          s.url(),
          s.eventTypes(),
          s.description(),
          s.status().wire(),
          s.createdAt(),
          s.secret());
    }
  }

  record RotatedSecretView(String secret, Instant previousSecretExpiresAt) {}

  record EventTypeView(
      String name, String description, String visibility, JsonNode schema, JsonNode example) {

    static EventTypeView of(EventType type, ContractDocuments contracts) {
      return new EventTypeView(
          type.name(),
          type.description(),
          type.visibility(),
          contracts.schema(type).orElse(null),
          contracts.example(type).orElse(null));
    }
  }

  record AttemptView(
      Instant attemptedAt,
      Integer responseStatus,
      long durationMs,
      String responseExcerpt,
      String error,
      Instant nextAttemptAt) {

    static AttemptView of(Attempt a) {
      return new AttemptView(
          a.attemptedAt(),
          a.responseStatus(),
          a.durationMs(),
          a.responseExcerpt(),
          a.error(),
          a.nextAttemptAt());
    }
  }

  record DeliveryView(
      UUID id,
      String webhookId,
      String eventId,
      String eventType,
      String status,
      int attemptCount,
      Instant createdAt,
      Instant lastAttemptAt,
      Instant nextAttemptAt,
      List<AttemptView> attempts) {

    static DeliveryView of(Deliveries.LoggedDelivery logged) {
      var d = logged.delivery();
      return new DeliveryView(
          d.id(),
          d.messageId(),
          d.eventId(),
          d.eventType(),
          d.status().wire(),
          d.attempts(),
          d.createdAt(),
          d.lastAttemptAt(),
          d.nextAttemptAt(),
          logged.attempts().stream().map(AttemptView::of).toList());
    }
  }

  /** The answer of a test send: queued, its attempt shows in the delivery log. */
  record TestView(UUID deliveryId, String webhookId, String status) {

    static TestView of(Delivery d) {
      return new TestView(d.id(), d.messageId(), d.status().wire());
    }
  }

  record RecoverView(long requeued) {}
}
