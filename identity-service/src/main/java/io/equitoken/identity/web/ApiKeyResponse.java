package io.equitoken.identity.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.equitoken.identity.apikey.ApiKey;
import java.util.List;

/**
 * Answer of {@code POST /developer/api-key}. {@code secret} is present only in the answer that
 * created the key; an idempotent replay omits it.
 */
@JsonPropertyOrder({"apiKey", "secret", "name", "principalId", "roles", "createdAt"})
@JsonInclude(JsonInclude.Include.NON_NULL)
record ApiKeyResponse(
    String apiKey,
    String secret,
    String name,
    String principalId,
    List<String> roles,
    String createdAt) {

  static ApiKeyResponse of(ApiKey key, String secret) {
    return new ApiKeyResponse(
        key.id(),
        secret,
        key.name(),
        key.principalId(),
        key.sortedRoles(),
        key.createdAt().toString());
  }

  /** What an idempotent replay answers (and all that is stored of the answer): no secret. */
  ApiKeyResponse withoutSecret() {
    return new ApiKeyResponse(apiKey, null, name, principalId, roles, createdAt);
  }

  @Override
  public String toString() {
    return "ApiKeyResponse[" + apiKey + ", secret=redacted]";
  }
}
