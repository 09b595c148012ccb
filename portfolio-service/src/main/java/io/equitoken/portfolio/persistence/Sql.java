package io.equitoken.portfolio.persistence;

import org.springframework.r2dbc.core.DatabaseClient;

/** Binding of values that may be null (R2DBC needs the type of a null). */
final class Sql {

  private Sql() {}

  static DatabaseClient.GenericExecuteSpec bind(
      DatabaseClient.GenericExecuteSpec spec, String name, Object value, Class<?> type) {
    return value == null ? spec.bindNull(name, type) : spec.bind(name, value);
  }
}
