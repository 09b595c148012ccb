package io.equitoken.webhooks.delivery;

import java.time.Instant;
import java.util.UUID;

/**
 * One attempt as the delivery log shows it: when, the response status (null if none came), how long
 * it took, the start of the response body, the error (null on success) and when the next attempt is
 * due (null if none).
 */
public record Attempt(
    UUID deliveryId,
    Instant attemptedAt,
    Integer responseStatus,
    long durationMs,
    String responseExcerpt,
    String error,
    Instant nextAttemptAt) {}
