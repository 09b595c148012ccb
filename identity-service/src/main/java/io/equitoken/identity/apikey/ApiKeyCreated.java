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
    String createdBy,
    String createdWithApiKey)
    implements ApiKeyEvent {

  public ApiKeyCreated(
      String apiKey,
      String name,
      String principalId,
      List<String> roles,
      Instant createdAt,
      String createdBy) {
    this(apiKey, name, principalId, roles, createdAt, createdBy, null);
  }

  /** Provisioned from configuration: no caller's key. */
  public static ApiKeyCreated of(ApiKey key) {
    return of(key, null);
  }

  /** Created by a caller whose token was issued for {@code createdWithApiKey} (audit). */
  public static ApiKeyCreated of(ApiKey key, String createdWithApiKey) {
    return new ApiKeyCreated(
        key.id(),
        key.name(),
        key.principalId(),
        key.sortedRoles(),
        key.createdAt(),
        key.createdBy(),
        createdWithApiKey);
  }
}
