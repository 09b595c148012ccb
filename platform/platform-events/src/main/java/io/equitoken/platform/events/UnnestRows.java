package io.equitoken.platform.events;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;

/**
 * Many rows in one statement: each column is bound as one array of text, one element per row, and
 * read back as a table with {@code unnest(cast(:a_x as text[]), ...) as a(x, ...)}, cast to the
 * column's SQL type. A null value is a null element; a number is bound as its plain text, anything
 * else as its {@code toString()} (an {@code Instant} in ISO-8601, which PostgreSQL reads as a
 * {@code timestamptz}). The parameters are named after the alias and the column ({@code :a_x}), so
 * several of them fit one statement.
 *
 * <p>Immutable: declare it once, as a constant, with a function per column from a row to its value.
 *
 * @param <R> the rows' type
 */
public final class UnnestRows<R> {

  private record Column<R>(String name, String sqlType, Function<? super R, ?> value) {}

  private final String alias;
  private final List<Column<R>> columns;

  private UnnestRows(String alias, List<Column<R>> columns) {
    this.alias = alias;
    this.columns = columns;
  }

  /** No columns yet; {@code alias} names the table in the clause and prefixes the parameters. */
  public static <R> UnnestRows<R> as(String alias) {
    return new UnnestRows<>(alias, List.of());
  }

  /** These columns and one more, {@code name} of {@code sqlType} (e.g. {@code numeric}). */
  public UnnestRows<R> column(String name, String sqlType, Function<? super R, ?> value) {
    List<Column<R>> more = new ArrayList<>(columns);
    more.add(new Column<>(name, sqlType, value));
    return new UnnestRows<>(alias, List.copyOf(more));
  }

  /** {@code unnest(cast(:a_x as text[]), ...) as a(x, ...)}. */
  public String clause() {
    return unnest() + " as " + alias + "(" + names() + ")";
  }

  /** {@code unnest(...) with ordinality as a(x, ..., ordinal)}: the row's position from 1. */
  public String clauseWithOrdinality(String ordinal) {
    return unnest() + " with ordinality as " + alias + "(" + names() + ", " + ordinal + ")";
  }

  /** The spec with every column's array of {@code rows} bound. */
  public GenericExecuteSpec bind(GenericExecuteSpec spec, List<? extends R> rows) {
    for (Map.Entry<String, String[]> array : arrays(rows).entrySet()) {
      spec = spec.bind(array.getKey(), array.getValue());
    }
    return spec;
  }

  /** Each parameter's array, in column order. */
  Map<String, String[]> arrays(List<? extends R> rows) {
    Map<String, String[]> arrays = new LinkedHashMap<>();
    for (Column<R> column : columns) {
      String[] values = new String[rows.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = text(column.value().apply(rows.get(i)));
      }
      arrays.put(parameter(column), values);
    }
    return arrays;
  }

  private String unnest() {
    return columns.stream()
        .map(c -> "cast(:" + parameter(c) + " as " + c.sqlType() + "[])")
        .collect(Collectors.joining(", ", "unnest(", ")"));
  }

  private String names() {
    return columns.stream().map(Column::name).collect(Collectors.joining(", "));
  }

  private String parameter(Column<R> column) {
    return alias + "_" + column.name();
  }

  private static String text(Object value) {
    if (value == null) {
      return null;
    }
    return value instanceof BigDecimal number ? number.toPlainString() : value.toString();
  }
}
