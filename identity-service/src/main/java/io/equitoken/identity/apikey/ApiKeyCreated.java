package io.equitoken.identity.apikey;

import java.time.Instant;
import java.util.List;

/** Fact: an API key now exists. Deliberately carries neither the secret nor its hash. */
public record ApiKeyCreated(
    String apiKey,
    String name,
    String principalId,
    List<String> roles,
    Instant createdAt,
    String createdBy) {

  public static ApiKeyCreated of(ApiKey key) {
    return new ApiKeyCreated(
        key.id(),
        key.name(),
        key.principalId(),
        key.sortedRoles(),
        key.createdAt(),
        key.createdBy());
  }
}
