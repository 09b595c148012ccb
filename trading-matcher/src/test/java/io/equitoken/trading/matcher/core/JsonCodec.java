package io.equitoken.trading.matcher.core;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Serialises and parses again, as a snapshot or an event on Kafka would be. */
final class JsonCodec {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private JsonCodec() {}

  static JsonNode roundTrip(JsonNode node) {
    return JSON.readTree(JSON.writeValueAsString(node));
  }

  /** The event's data as it goes on the wire, parsed. */
  static JsonNode data(MatcherEvent event) {
    return JSON.readTree(event.dataJson());
  }
}
