package io.equitoken.trading.matcher.core;

import io.equitoken.trading.engine.EngineState;
import io.equitoken.trading.engine.MatchingEngine;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.TokenSpec;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;

/**
 * One token in the matcher: its engine plus what the engine does not know — principal ids ↔ engine
 * owner numbers, order ids ↔ engine order numbers, each open order's metadata, holding sequence
 * numbers, the order, transfer and command ids already seen, the open window and the last
 * indicative auction published. Owned by one partition's single writer; not thread-safe.
 */
final class TokenBook {

  /** How many recent command ids each token remembers for dedupe (beyond order/transfer ids). */
  static final int RECENT_COMMANDS = 1_000;

  final String tokenId;
  final String issuerId;
  final TokenSpec spec;
  MatchingEngine engine;

  /** Lots credited at registration: holdings must always sum to it (transfers only move lots). */
  long supplyLots;

  /** Owner number n (1-based) is owners.get(n - 1). */
  final List<String> owners = new ArrayList<>();

  final Map<String, Long> ownerNumbers = new HashMap<>();
  long lastOrderNumber;

  /** Open orders by engine number, and their number by order id. */
  final Map<Long, OrderMeta> openOrders = new HashMap<>();

  final Map<String, Long> openOrderNumbers = new HashMap<>();

  /**
   * How long an order id is remembered, in the time of the orders' own acceptance ({@code at}): a
   * repeated {@code order.place} within it is ignored, and one accepted longer than this before the
   * latest order the token has seen is refused as stale instead of placed ({@link
   * Admission#stale}). Command time, not the clock, so that a replay decides the same; the ids a
   * token keeps are one hour's orders, not its whole history.
   */
  static final Duration ORDER_MEMORY = Duration.ofHours(1);

  private static final long ORDER_MEMORY_MICROS = ORDER_MEMORY.toNanos() / 1_000;

  /**
   * The ids of the orders placed within {@link #ORDER_MEMORY} of the latest, with their acceptance
   * time in microseconds, in the order they were placed.
   */
  final LinkedHashMap<String, Long> recentOrders = new LinkedHashMap<>();

  /**
   * The latest acceptance time of an order placed, in microseconds; 0 before any, when the ids held
   * (if any) came from a snapshot that kept every id without its time.
   */
  long latestOrderMicros;

  final NavigableSet<String> knownTransfers = new TreeSet<>();

  /** Every window ever opened for the token (a late duplicate window.open never reopens one). */
  final NavigableSet<String> knownWindows = new TreeSet<>();

  final Map<String, Long> holdingSequences = new HashMap<>();
  final LinkedHashSet<String> recentCommands = new LinkedHashSet<>();
  String windowId;
  String lastIndicative;

  /** An operator halted trading in the token ({@code market.halt} until {@code market.resume}). */
  boolean halted;

  /** Principals an operator froze ({@code investor.freeze} until {@code investor.unfreeze}). */
  final Set<String> frozen = new TreeSet<>();

  TokenBook(String tokenId, String issuerId, TokenSpec spec, MatchingEngine engine) {
    this.tokenId = tokenId;
    this.issuerId = issuerId;
    this.spec = spec;
    this.engine = engine;
  }

  long owner(String principal) {
    Long n = ownerNumbers.get(principal);
    if (n == null) {
      owners.add(principal);
      n = (long) owners.size();
      ownerNumbers.put(principal, n);
    }
    return n;
  }

  /** The owner's number if it has one, else 0 (it holds nothing). */
  long knownOwner(String principal) {
    Long n = ownerNumbers.get(principal);
    return n == null ? 0 : n;
  }

  String principal(long owner) {
    return owners.get((int) owner - 1);
  }

  long nextSequence(String principal) {
    return holdingSequences.merge(principal, 1L, Long::sum);
  }

  /** Whether an order with this id was placed within {@link #ORDER_MEMORY} or is still open. */
  boolean knowsOrder(String orderId) {
    return recentOrders.containsKey(orderId) || openOrderNumbers.containsKey(orderId);
  }

  /**
   * Whether an order accepted at {@code at} reaches the token too late to be told apart from one
   * placed before and forgotten: more than {@link #ORDER_MEMORY} before the latest order placed.
   */
  boolean isStale(Instant at) {
    return micros(at) < latestOrderMicros - ORDER_MEMORY_MICROS;
  }

  /** Remembers a placed order's id, and forgets those now older than {@link #ORDER_MEMORY}. */
  void rememberOrder(String orderId, Instant at) {
    long micros = micros(at);
    if (latestOrderMicros == 0) {
      // ids of a snapshot that kept no times count from the first order after it
      recentOrders.replaceAll((id, t) -> micros);
    }
    recentOrders.put(orderId, micros);
    latestOrderMicros = Math.max(latestOrderMicros, micros);
    long forgetBefore = latestOrderMicros - ORDER_MEMORY_MICROS;
    Iterator<Long> oldestFirst = recentOrders.values().iterator();
    while (oldestFirst.hasNext() && oldestFirst.next() < forgetBefore) {
      oldestFirst.remove();
    }
  }

  private static long micros(Instant at) {
    return at.getEpochSecond() * 1_000_000L + at.getNano() / 1_000;
  }

  /** True if the command id was seen recently; otherwise remembers it. */
  boolean seen(String commandId) {
    if (recentCommands.contains(commandId)) {
      return true;
    }
    recentCommands.add(commandId);
    if (recentCommands.size() > RECENT_COMMANDS) {
      recentCommands.remove(recentCommands.iterator().next());
    }
    return false;
  }

  void openOrder(OrderMeta meta) {
    openOrders.put(meta.number, meta);
    openOrderNumbers.put(meta.orderId, meta.number);
  }

  void finish(OrderMeta meta) {
    openOrders.remove(meta.number);
    openOrderNumbers.remove(meta.orderId);
  }

  /** An open order as the wrapper sees it: who, which side, which window, how much filled. */
  static final class OrderMeta {
    final String orderId;
    final long number;
    final String ownerId;
    final Side side;
    final String windowId;
    final long lots;
    long filledLots;
    BigDecimal notional = BigDecimal.ZERO;

    OrderMeta(String orderId, long number, String ownerId, Side side, String windowId, long lots) {
      this.orderId = orderId;
      this.number = number;
      this.ownerId = ownerId;
      this.side = side;
      this.windowId = windowId;
      this.lots = lots;
    }
  }

  // ---- snapshot codec ------------------------------------------------------------------------

  /**
   * Writes the token's whole state as one JSON object (a snapshot record's {@code book}), straight
   * to {@code g}: the members in a fixed order, the sets sorted, open orders by number, decimals as
   * the generator's mapper writes them ({@link WireJson}: plain).
   */
  void writeJson(JsonGenerator g) {
    g.writeStartObject();
    g.writeStringProperty("tokenId", tokenId);
    g.writeStringProperty("issuerId", issuerId);
    g.writeNumberProperty("tickSize", spec.tickSize());
    g.writeNumberProperty("lotSize", spec.lotSize());
    g.writeNumberProperty("issuePrice", spec.issuePrice());
    g.writeNumberProperty("supplyLots", supplyLots);
    g.writeBinaryProperty("engine", engine.snapshot().toBytes());
    writeStrings(g, "owners", owners);
    g.writeNumberProperty("lastOrderNumber", lastOrderNumber);
    g.writeArrayPropertyStart("openOrders");
    for (OrderMeta o : new TreeMap<>(openOrders).values()) {
      g.writeStartObject();
      g.writeStringProperty("orderId", o.orderId);
      g.writeNumberProperty("number", o.number);
      g.writeStringProperty("ownerId", o.ownerId);
      g.writeStringProperty("side", o.side.name());
      g.writeStringProperty("windowId", o.windowId);
      g.writeNumberProperty("lots", o.lots);
      g.writeNumberProperty("filledLots", o.filledLots);
      g.writeNumberProperty("notional", o.notional);
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayPropertyStart("recentOrders");
    for (Map.Entry<String, Long> e : recentOrders.entrySet()) {
      g.writeStartArray();
      g.writeString(e.getKey());
      g.writeNumber(e.getValue());
      g.writeEndArray();
    }
    g.writeEndArray();
    g.writeNumberProperty("latestOrderMicros", latestOrderMicros);
    writeStrings(g, "knownTransfers", knownTransfers);
    writeStrings(g, "knownWindows", knownWindows);
    g.writeObjectPropertyStart("holdingSequences");
    for (Map.Entry<String, Long> e : new TreeMap<>(holdingSequences).entrySet()) {
      g.writeNumberProperty(e.getKey(), e.getValue());
    }
    g.writeEndObject();
    writeStrings(g, "recentCommands", recentCommands);
    g.writeStringProperty("windowId", windowId);
    g.writeStringProperty("lastIndicative", lastIndicative);
    g.writeBooleanProperty("halted", halted);
    writeStrings(g, "frozen", frozen);
    g.writeEndObject();
  }

  private static void writeStrings(JsonGenerator g, String name, Collection<String> values) {
    g.writeArrayPropertyStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  static TokenBook fromJson(JsonNode n, EngineFactory engines) {
    TokenSpec spec =
        new TokenSpec(
            n.get("tickSize").decimalValue(),
            n.get("lotSize").decimalValue(),
            n.get("issuePrice").decimalValue());
    EngineState state =
        EngineState.fromBytes(Base64.getDecoder().decode(n.get("engine").asString()));
    TokenBook b =
        new TokenBook(
            n.get("tokenId").asString(),
            n.get("issuerId").asString(),
            spec,
            engines.restore(state));
    b.supplyLots = n.get("supplyLots").asLong();
    n.get("owners").forEach(o -> b.owner(o.asString()));
    b.lastOrderNumber = n.get("lastOrderNumber").asLong();
    for (JsonNode on : n.get("openOrders")) {
      OrderMeta o =
          new OrderMeta(
              on.get("orderId").asString(),
              on.get("number").asLong(),
              on.get("ownerId").asString(),
              Side.valueOf(on.get("side").asString()),
              on.get("windowId").asString(),
              on.get("lots").asLong());
      o.filledLots = on.get("filledLots").asLong();
      o.notional = on.get("notional").decimalValue();
      b.openOrder(o);
    }
    if (n.get("recentOrders") != null) {
      n.get("recentOrders")
          .forEach(o -> b.recentOrders.put(o.get(0).asString(), o.get(1).asLong()));
      b.latestOrderMicros = n.get("latestOrderMicros").asLong();
    } else {
      // written when every id was kept, without its time
      n.get("knownOrders").forEach(o -> b.recentOrders.put(o.asString(), 0L));
    }
    n.get("knownTransfers").forEach(o -> b.knownTransfers.add(o.asString()));
    n.get("knownWindows").forEach(o -> b.knownWindows.add(o.asString()));
    Map<String, Long> seqs = new LinkedHashMap<>();
    n.get("holdingSequences")
        .properties()
        .forEach(e -> seqs.put(e.getKey(), e.getValue().asLong()));
    b.holdingSequences.putAll(seqs);
    n.get("recentCommands").forEach(c -> b.recentCommands.add(c.asString()));
    b.windowId = textOrNull(n.get("windowId"));
    b.lastIndicative = textOrNull(n.get("lastIndicative"));
    b.halted = n.path("halted").asBoolean(false); // absent in snapshots written before halts
    if (n.get("frozen") != null) { // absent in snapshots written before freezes
      n.get("frozen").forEach(p -> b.frozen.add(p.asString()));
    }
    return b;
  }

  private static String textOrNull(JsonNode node) {
    return node == null || node.isNull() ? null : node.asString();
  }
}
