package io.equitoken.trading.matcher.core;

import io.equitoken.trading.engine.EngineState;
import io.equitoken.trading.engine.MatchingEngine;
import io.equitoken.trading.engine.Side;
import io.equitoken.trading.engine.TokenSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

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

  /** Every order id ever placed for the token (a repeated order.place is ignored). */
  final Set<String> knownOrders = new HashSet<>();

  final Set<String> knownTransfers = new HashSet<>();

  /** Every window ever opened for the token (a late duplicate window.open never reopens one). */
  final Set<String> knownWindows = new HashSet<>();

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

  ObjectNode toJson() {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode n = f.objectNode();
    n.put("tokenId", tokenId);
    n.put("issuerId", issuerId);
    n.put("tickSize", spec.tickSize());
    n.put("lotSize", spec.lotSize());
    n.put("issuePrice", spec.issuePrice());
    n.put("supplyLots", supplyLots);
    n.put("engine", Base64.getEncoder().encodeToString(engine.snapshot().toBytes()));
    ArrayNode ownerArray = n.putArray("owners");
    owners.forEach(ownerArray::add);
    n.put("lastOrderNumber", lastOrderNumber);
    ArrayNode orders = n.putArray("openOrders");
    new TreeMap<>(openOrders)
        .values()
        .forEach(
            o -> {
              ObjectNode on = orders.addObject();
              on.put("orderId", o.orderId);
              on.put("number", o.number);
              on.put("ownerId", o.ownerId);
              on.put("side", o.side.name());
              on.put("windowId", o.windowId);
              on.put("lots", o.lots);
              on.put("filledLots", o.filledLots);
              on.put("notional", o.notional);
            });
    ArrayNode known = n.putArray("knownOrders");
    knownOrders.stream().sorted().forEach(known::add);
    ArrayNode transfers = n.putArray("knownTransfers");
    knownTransfers.stream().sorted().forEach(transfers::add);
    ArrayNode windows = n.putArray("knownWindows");
    knownWindows.stream().sorted().forEach(windows::add);
    ObjectNode seqs = n.putObject("holdingSequences");
    new TreeMap<>(holdingSequences).forEach(seqs::put);
    ArrayNode recent = n.putArray("recentCommands");
    recentCommands.forEach(recent::add);
    n.put("windowId", windowId);
    n.put("lastIndicative", lastIndicative);
    n.put("halted", halted);
    ArrayNode frozenArray = n.putArray("frozen");
    frozen.forEach(frozenArray::add);
    return n;
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
    n.get("knownOrders").forEach(o -> b.knownOrders.add(o.asString()));
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
