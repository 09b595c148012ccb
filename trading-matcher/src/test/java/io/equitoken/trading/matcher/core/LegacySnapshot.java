package io.equitoken.trading.matcher.core;

import java.util.Base64;
import java.util.TreeMap;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The snapshot writer that built a JSON tree before {@link TokenBook#writeJson} streamed it: kept
 * as the format's reference, so that the streaming writer is held to the same bytes.
 */
final class LegacySnapshot {

  private LegacySnapshot() {}

  static byte[] bytes(TokenBook book) {
    return WireJson.MAPPER.writeValueAsBytes(toJson(book));
  }

  static ObjectNode toJson(TokenBook b) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode n = f.objectNode();
    n.put("tokenId", b.tokenId);
    n.put("issuerId", b.issuerId);
    n.put("tickSize", b.spec.tickSize());
    n.put("lotSize", b.spec.lotSize());
    n.put("issuePrice", b.spec.issuePrice());
    n.put("supplyLots", b.supplyLots);
    n.put("engine", Base64.getEncoder().encodeToString(b.engine.snapshot().toBytes()));
    ArrayNode ownerArray = n.putArray("owners");
    b.owners.forEach(ownerArray::add);
    n.put("lastOrderNumber", b.lastOrderNumber);
    ArrayNode orders = n.putArray("openOrders");
    new TreeMap<>(b.openOrders)
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
    ArrayNode recentOrders = n.putArray("recentOrders");
    b.recentOrders.forEach((id, micros) -> recentOrders.addArray().add(id).add(micros));
    n.put("latestOrderMicros", b.latestOrderMicros);
    ArrayNode transfers = n.putArray("knownTransfers");
    b.knownTransfers.stream().sorted().forEach(transfers::add);
    ArrayNode windows = n.putArray("knownWindows");
    b.knownWindows.stream().sorted().forEach(windows::add);
    ObjectNode seqs = n.putObject("holdingSequences");
    new TreeMap<>(b.holdingSequences).forEach(seqs::put);
    ArrayNode recent = n.putArray("recentCommands");
    b.recentCommands.forEach(recent::add);
    n.put("windowId", b.windowId);
    n.put("lastIndicative", b.lastIndicative);
    n.put("halted", b.halted);
    ArrayNode frozenArray = n.putArray("frozen");
    b.frozen.forEach(frozenArray::add);
    return n;
  }
}
