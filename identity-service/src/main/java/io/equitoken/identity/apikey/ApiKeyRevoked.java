package io.equitoken.identity.apikey;

import java.time.Instant;

/** Fact: an API key was revoked and gets no new tokens. */
public record ApiKeyRevoked(String apiKey, String principalId, Instant revokedAt, String revokedBy)
    implements ApiKeyEvent {}
