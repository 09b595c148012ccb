package io.equitoken.trading.matcher;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Serialises and parses again, as a snapshot on Kafka would be. */
final class JsonCodec {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private JsonCodec() {}

  static JsonNode roundTrip(JsonNode node) {
    return JSON.readTree(JSON.writeValueAsString(node));
  }
}
