package io.equitoken.webhooks.persistence;

import io.equitoken.webhooks.delivery.Delivery;
import io.r2dbc.spi.Readable;
import java.util.UUID;

/** The {@code delivery} table's columns and rows, as the queue and the log read them. */
final class DeliveryRows {

  static final String COLUMNS =
      "id, subscription_id, message_id, event_id, event_type, payload, status, step, attempts,"
          + " next_attempt_at, created_at, last_attempt_at";

  private DeliveryRows() {}

  static Delivery delivery(Readable row) {
    return new Delivery(
        row.get("id", UUID.class),
        row.get("subscription_id", UUID.class),
        row.get("message_id", String.class),
        row.get("event_id", String.class),
        row.get("event_type", String.class),
        row.get("payload", String.class),
        Delivery.Status.fromWire(row.get("status", String.class)),
        row.get("step", Integer.class),
        row.get("attempts", Integer.class),
        Rows.instant(row, "next_attempt_at"),
        Rows.instant(row, "created_at"),
        Rows.instant(row, "last_attempt_at"));
  }
}
