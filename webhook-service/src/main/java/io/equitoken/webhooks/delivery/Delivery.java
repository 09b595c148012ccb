package io.equitoken.webhooks.delivery;

import java.time.Instant;
import java.util.UUID;

/**
 * One event for one subscription. {@code messageId} is the {@code webhook-id} header: the same on
 * every attempt and replay, so receivers dedupe on it. {@code payload} is the exact JSON body
 * ({@code {type, timestamp, data}}), fixed at fan-out. {@code step} is the position in the retry
 * schedule; {@code attempts} counts every attempt ever made.
 */
public record Delivery(
    UUID id,
    UUID subscriptionId,
    String messageId,
    String eventId,
    String eventType,
    String payload,
    Status status,
    int step,
    int attempts,
    Instant nextAttemptAt,
    Instant createdAt,
    Instant lastAttemptAt) {

  /** Where a delivery stands. */
  public enum Status {
    PENDING,
    SUCCEEDED,
    FAILED;

    public String wire() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    public static Status fromWire(String value) {
      return valueOf(value.toUpperCase(java.util.Locale.ROOT));
    }
  }

  public static Delivery pending(
      UUID subscriptionId, String eventId, String eventType, String payload, Instant now) {
    return new Delivery(
        UUID.randomUUID(),
        subscriptionId,
        "msg_" + eventId,
        eventId,
        eventType,
        payload,
        Status.PENDING,
        0,
        0,
        now,
        now,
        null);
  }
}
