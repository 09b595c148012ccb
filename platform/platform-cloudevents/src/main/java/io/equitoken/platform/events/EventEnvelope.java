package io.equitoken.platform.events;

import java.time.Instant;
import java.util.Objects;

/**
 * A CloudEvents 1.0 event as it travels between services: the context attributes plus the JSON
 * {@code data}. {@code type} is a logical, versioned name such as {@code
 * equitoken.trading.trade.executed.v1}, never a class name; {@code key} is the Kafka record key
 * (the aggregate id), which keeps one aggregate's events in order.
 */
public record EventEnvelope(
    String id,
    String type,
    String source,
    String subject,
    Instant time,
    String key,
    String dataJson) {

  public EventEnvelope {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(dataJson, "dataJson");
  }
}
