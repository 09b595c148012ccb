package io.equitoken.portfolio.messaging;

import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.PoisonEventException;
import java.math.BigDecimal;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/** Reads an event's data into this service's copy, or declares the event poison with the reason. */
final class Payloads {

  private Payloads() {}

  static <T> T read(JsonMapper json, EventEnvelope event, Class<T> type) {
    try {
      T data = json.readValue(event.dataJson(), type);
      if (data == null) {
        throw poison(event, "has no data");
      }
      return data;
    } catch (JacksonException e) {
      throw new PoisonEventException(
          "Event " + event.id() + " (" + event.type() + ") has unreadable data", e);
    }
  }

  static void require(EventEnvelope event, boolean valid, String what) {
    if (!valid) {
      throw poison(event, what);
    }
  }

  static boolean present(String value) {
    return value != null && !value.isBlank();
  }

  static boolean positive(BigDecimal value) {
    return value != null && value.signum() > 0;
  }

  static PoisonEventException poison(EventEnvelope event, String why) {
    return new PoisonEventException("Event " + event.id() + " (" + event.type() + ") " + why);
  }
}
