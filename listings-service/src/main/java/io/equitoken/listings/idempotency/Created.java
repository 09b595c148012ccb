package io.equitoken.listings.idempotency;

/** The outcome of a creating call: the resource, and whether it was a replay of an earlier call. */
public record Created<T>(T value, boolean replayed) {}
