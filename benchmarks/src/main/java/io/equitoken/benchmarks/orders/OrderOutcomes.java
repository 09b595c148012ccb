package io.equitoken.benchmarks.orders;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the matcher said about each order, from its private {@code order.*} events on {@code
 * trading.events.v1} (contracts/events/trading/README.md), with the {@link System#nanoTime()} at
 * which this process received each event. Events of orders the harness did not place are kept too
 * (an event may arrive before the {@code 202} that names its order); the harness looks its own up.
 */
final class OrderOutcomes {

  static final String PREFIX = "equitoken.trading.order.";

  /** The last state an order reached, and when the events that matter arrived. */
  record Outcome(
      String state, long acceptedNanos, long firstFillNanos, long filledNanos, String reason) {

    boolean isFinal() {
      return switch (state) {
        case "filled", "rejected", "cancelled", "expired" -> true;
        default -> false;
      };
    }
  }

  private static final Outcome NONE = new Outcome("none", 0, 0, 0, null);

  private final JsonMapper json = JsonMapper.builder().build();
  private final Map<String, Outcome> outcomes = new ConcurrentHashMap<>();

  /** Applies one event of type {@code ceType} (any type; only {@code order.*} counts). */
  void apply(String ceType, String dataJson, long receivedNanos) {
    if (ceType == null || !ceType.startsWith(PREFIX)) {
      return;
    }
    String name = ceType.substring(PREFIX.length()).replaceFirst("\\.v\\d+$", "");
    JsonNode data = json.readTree(dataJson);
    String orderId = data.path("orderId").asString(null);
    if (orderId == null) {
      return;
    }
    outcomes.compute(
        orderId,
        (id, before) -> {
          Outcome o = before == null ? NONE : before;
          return switch (name) {
            case "accepted" ->
                new Outcome(
                    o.isFinal() || o.state().equals("partially_filled") ? o.state() : "open",
                    receivedNanos,
                    o.firstFillNanos(),
                    o.filledNanos(),
                    o.reason());
            case "filled" -> {
              boolean complete = "filled".equals(data.path("status").asString(""));
              yield new Outcome(
                  complete ? "filled" : (o.isFinal() ? o.state() : "partially_filled"),
                  o.acceptedNanos(),
                  o.firstFillNanos() == 0 ? receivedNanos : o.firstFillNanos(),
                  complete ? receivedNanos : o.filledNanos(),
                  o.reason());
            }
            case "rejected" ->
                new Outcome(
                    "rejected",
                    o.acceptedNanos(),
                    o.firstFillNanos(),
                    o.filledNanos(),
                    data.path("reason").path("code").asString("?"));
            case "cancelled" ->
                new Outcome(
                    "cancelled",
                    o.acceptedNanos(),
                    o.firstFillNanos(),
                    o.filledNanos(),
                    data.path("reason").asString("?"));
            case "expired" ->
                new Outcome(
                    "expired", o.acceptedNanos(), o.firstFillNanos(), o.filledNanos(), null);
            default -> o;
          };
        });
  }

  /** The outcome of {@code orderId}, or one in state {@code none} if no event named it yet. */
  Outcome of(String orderId) {
    return outcomes.getOrDefault(orderId, NONE);
  }
}
