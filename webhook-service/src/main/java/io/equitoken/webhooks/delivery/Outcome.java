package io.equitoken.webhooks.delivery;

import java.time.Duration;

/**
 * What one attempt came to. {@code retryAfter} is the receiver's {@code Retry-After} on 429/503
 * (null otherwise).
 */
public record Outcome(
    Kind kind, Integer status, long durationMs, String excerpt, String error, Duration retryAfter) {

  /** The classes of outcome the retry rules tell apart. */
  public enum Kind {
    /** Any 2xx. */
    DELIVERED,
    /** Anything else: 3xx (never followed), 4xx, 5xx, timeouts, refused connections, SSRF. */
    FAILED,
    /** 410: the receiver asks us to stop. */
    GONE,
    /** Not sent: the endpoint's circuit breaker is open. Not an attempt. */
    CIRCUIT_OPEN,
    /**
     * Not sent: the subscription's API key is revoked (it is paused) or its owner is not entitled
     * to the event any more.
     */
    NOT_ENTITLED
  }

  public static Outcome notSent(Kind kind, String error) {
    return new Outcome(kind, null, 0, null, error, null);
  }
}
