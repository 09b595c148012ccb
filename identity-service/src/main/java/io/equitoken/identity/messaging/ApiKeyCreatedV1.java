package io.equitoken.identity.messaging;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.identity.apikey.ApiKeyCreated;
import java.util.List;

/** Payload of {@code equitoken.identity.api-key.created.v1}; mirrors its JSON Schema. */
public record ApiKeyCreatedV1(
    String apiKey,
    String name,
    String principalId,
    List<String> roles,
    String createdAt,
    String createdBy,
    @JsonInclude(JsonInclude.Include.NON_NULL) String createdWithApiKey) {

  static ApiKeyCreatedV1 of(ApiKeyCreated event) {
    return new ApiKeyCreatedV1(
        event.apiKey(),
        event.name(),
        event.principalId(),
        event.roles(),
        event.createdAt().toString(),
        event.createdBy(),
        event.createdWithApiKey());
  }
}
