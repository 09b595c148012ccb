package io.equitoken.identity.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.identity.apikey.ApiKeyCreated;
import io.equitoken.identity.apikey.ApiKeyRevoked;
import io.equitoken.platform.test.EventContracts;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class EventContractTest {

  private static final List<String> TYPES =
      List.of(IdentityTopic.API_KEY_CREATED, IdentityTopic.API_KEY_REVOKED);
  private final JsonMapper json = JsonMapper.builder().build();

  @Test
  void shouldHaveASchemaAndAConformingExampleForEveryPublishedType() {
    for (String type : TYPES) {
      assertThat(EventContracts.schemaFile(type)).exists();
      assertThat(EventContracts.violations(type, EventContracts.example(type))).isEmpty();
    }
  }

  @Test
  void shouldPublishNoTypeWithoutASchemaFile() throws IOException {
    try (Stream<java.nio.file.Path> files =
        Files.list(EventContracts.eventsDirectory().resolve("identity"))) {
      assertThat(
              files
                  .filter(Files::isRegularFile)
                  .map(f -> f.getFileName().toString().replace(".json", "")))
          .containsExactlyInAnyOrderElementsOf(TYPES);
    }
  }

  @Test
  void shouldSerialiseCreatedPayloadExactlyAsTheSchemaSays() {
    var payload =
        ApiKeyCreatedV1.of(
            new ApiKeyCreated(
                "etk_abc",
                "key",
                "inv-alice",
                List.of("investor", "partner"),
                Instant.parse("2026-01-01T10:00:00.123456Z"),
                "op"));
    assertThat(
            EventContracts.violations(
                IdentityTopic.API_KEY_CREATED, json.writeValueAsString(payload)))
        .isEmpty();
  }

  @Test
  void shouldSerialiseRevokedPayloadExactlyAsTheSchemaSays() {
    var payload =
        ApiKeyRevokedV1.of(
            new ApiKeyRevoked("etk_abc", "inv-alice", Instant.parse("2026-01-01T10:00:00Z"), "op"));
    assertThat(
            EventContracts.violations(
                IdentityTopic.API_KEY_REVOKED, json.writeValueAsString(payload)))
        .isEmpty();
  }

  @Test
  void shouldRefuseAPayloadCarryingASecretOrAnUnknownRole() {
    String withSecret =
        EventContracts.example(IdentityTopic.API_KEY_CREATED)
            .replace("\"name\"", "\"secret\": \"etks_x\", \"name\"");
    assertThat(EventContracts.violations(IdentityTopic.API_KEY_CREATED, withSecret)).isNotEmpty();
    String badRole =
        EventContracts.example(IdentityTopic.API_KEY_CREATED).replace("\"investor\"", "\"root\"");
    assertThat(EventContracts.violations(IdentityTopic.API_KEY_CREATED, badRole)).isNotEmpty();
  }
}
