package io.equitoken.identity.web;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.equitoken.identity.apikey.ApiKey;
import java.util.List;

/**
 * One key in {@code GET /developer/api-key}: what it is and whether it is still active — never its
 * secret or hash. {@code revokedAt} is null while the key is active.
 */
@JsonPropertyOrder({
  "apiKey",
  "name",
  "principalId",
  "roles",
  "createdAt",
  "createdBy",
  "revokedAt"
})
record ApiKeyListItem(
    String apiKey,
    String name,
    String principalId,
    List<String> roles,
    String createdAt,
    String createdBy,
    String revokedAt) {

  static ApiKeyListItem of(ApiKey key) {
    return new ApiKeyListItem(
        key.id(),
        key.name(),
        key.principalId(),
        key.sortedRoles(),
        key.createdAt().toString(),
        key.createdBy(),
        key.isRevoked() ? key.revokedAt().toString() : null);
  }
}
