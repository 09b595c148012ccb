package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;

class UnnestRowsTest {

  private record Trade(String id, UUID window, BigDecimal price, long sequence, Instant at) {}

  private static final UnnestRows<Trade> TRADES =
      UnnestRows.<Trade>as("t")
          .column("trade_id", "text", Trade::id)
          .column("window_id", "uuid", Trade::window)
          .column("price", "numeric", Trade::price)
          .column("sequence", "bigint", Trade::sequence)
          .column("at", "timestamptz", Trade::at);

  private static final UUID WINDOW = UUID.fromString("6f1c2a3e-0d4b-4c5a-9e8f-7a6b5c4d3e2f");
  private static final Instant AT = Instant.parse("2026-03-01T10:15:30.123456Z");

  @Test
  void shouldRenderOneCastArrayPerColumnAndTheAliasedTable() {
    assertThat(TRADES.clause())
        .isEqualTo(
            "unnest(cast(:t_trade_id as text[]), cast(:t_window_id as uuid[]),"
                + " cast(:t_price as numeric[]), cast(:t_sequence as bigint[]),"
                + " cast(:t_at as timestamptz[])) as t(trade_id, window_id, price, sequence, at)");
  }

  @Test
  void shouldNameTheOrdinalAfterTheColumns() {
    UnnestRows<String> ids = UnnestRows.<String>as("s").column("id", "text", id -> id);

    assertThat(ids.clauseWithOrdinality("ord"))
        .isEqualTo("unnest(cast(:s_id as text[])) with ordinality as s(id, ord)");
  }

  @Test
  void shouldBindEachColumnAsTextInRowOrder() {
    Map<String, Object> bound =
        bound(
            List.of(
                new Trade("a", WINDOW, new BigDecimal("1E+3"), 7, AT),
                new Trade("b", WINDOW, new BigDecimal("0.50"), 8, AT)));

    assertThat(bound)
        .containsExactly(
            Map.entry("t_trade_id", new String[] {"a", "b"}),
            Map.entry("t_window_id", new String[] {WINDOW.toString(), WINDOW.toString()}),
            Map.entry("t_price", new String[] {"1000", "0.50"}),
            Map.entry("t_sequence", new String[] {"7", "8"}),
            Map.entry("t_at", new String[] {AT.toString(), AT.toString()}));
  }

  @Test
  void shouldBindANullValueAsANullElement() {
    Map<String, Object> bound = bound(List.of(new Trade("a", null, null, 7, null)));

    assertThat(bound.get("t_window_id")).isEqualTo(new String[] {null});
    assertThat(bound.get("t_price")).isEqualTo(new String[] {null});
    assertThat(bound.get("t_at")).isEqualTo(new String[] {null});
    assertThat(bound.get("t_trade_id")).isEqualTo(new String[] {"a"});
  }

  @Test
  void shouldBindEmptyArraysForNoRows() {
    Map<String, Object> bound = bound(List.of());

    assertThat(bound)
        .containsOnlyKeys("t_trade_id", "t_window_id", "t_price", "t_sequence", "t_at")
        .allSatisfy((name, array) -> assertThat((String[]) array).isEmpty());
  }

  @Test
  void shouldLeaveTheDeclarationItExtendsUnchanged() {
    UnnestRows<String> one = UnnestRows.<String>as("s").column("id", "text", id -> id);
    UnnestRows<String> two = one.column("name", "text", id -> id);

    assertThat(one.clause()).isEqualTo("unnest(cast(:s_id as text[])) as s(id)");
    assertThat(two.clause())
        .isEqualTo("unnest(cast(:s_id as text[]), cast(:s_name as text[])) as s(id, name)");
  }

  /** What {@code bind} binds on a spec, by name in binding order. */
  private static Map<String, Object> bound(List<Trade> rows) {
    Map<String, Object> bound = new LinkedHashMap<>();
    GenericExecuteSpec spec =
        (GenericExecuteSpec)
            Proxy.newProxyInstance(
                GenericExecuteSpec.class.getClassLoader(),
                new Class<?>[] {GenericExecuteSpec.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("bind") && args[0] instanceof String name) {
                    bound.put(name, args[1]);
                    return proxy;
                  }
                  throw new UnsupportedOperationException(method.getName());
                });
    assertThat(TRADES.bind(spec, rows)).isSameAs(spec);
    return bound;
  }
}
