package io.equitoken.trading.service.messaging;

import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.PoisonEventException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/** Reading consumed payloads into this service's own trimmed records; unreadable is poison. */
final class Consumed {

  private Consumed() {}

  static <T> T read(JsonMapper json, EventEnvelope event, Class<T> type) {
    try {
      return json.readValue(event.dataJson(), type);
    } catch (JacksonException e) {
      throw new PoisonEventException("Event " + event.id() + " has unreadable data", e);
    }
  }

  static void require(EventEnvelope event, boolean valid) {
    if (!valid) {
      throw new PoisonEventException(
          "Event " + event.id() + " (" + event.type() + ") lacks required data");
    }
  }
}
