package io.equitoken.gateway.ratelimit;

/**
 * The answer for one request, with what the {@code RateLimit-*} and {@code Retry-After} headers
 * say: {@code resetSeconds} is how long until the bucket is full again, {@code retryAfterSeconds}
 * (only when refused) how long until the next request is allowed.
 */
public record RateDecision(
    boolean allowed, int limit, long remaining, long resetSeconds, long retryAfterSeconds) {}
