package io.equitoken.webhooks.persistence;

import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.springframework.r2dbc.core.DatabaseClient;

/** Binding and reading helpers: nullable values and UTC timestamps. */
final class Rows {

  private Rows() {}

  static <T> DatabaseClient.GenericExecuteSpec bind(
      DatabaseClient.GenericExecuteSpec spec, String name, T value, Class<T> type) {
    return value == null ? spec.bindNull(name, type) : spec.bind(name, value);
  }

  static OffsetDateTime time(Instant instant) {
    return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
  }

  static Instant instant(Readable row, String column) {
    OffsetDateTime value = row.get(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
