package io.equitoken.identity.messaging;

import io.equitoken.identity.apikey.ApiKeyRevoked;

/** Payload of {@code equitoken.identity.api-key.revoked.v1}; mirrors its JSON Schema. */
public record ApiKeyRevokedV1(
    String apiKey, String principalId, String revokedAt, String revokedBy) {

  static ApiKeyRevokedV1 of(ApiKeyRevoked event) {
    return new ApiKeyRevokedV1(
        event.apiKey(), event.principalId(), event.revokedAt().toString(), event.revokedBy());
  }
}
