package io.equitoken.trading.matcher.kafka;

import io.equitoken.platform.events.CloudEvents;
import io.equitoken.platform.events.EventEnvelope;
import io.equitoken.platform.events.PoisonEventException;
import io.equitoken.trading.matcher.core.MatcherCommand;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a {@code trading.orders.v1} record (CloudEvents binary mode, JSON data) into a {@link
 * MatcherCommand}, or throws {@link UnreadableCommandException}.
 */
public final class CommandReader {

  private static final JsonMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

  private CommandReader() {}

  public static MatcherCommand read(ConsumerRecord<String, String> record) {
    EventEnvelope event;
    try {
      event = CloudEvents.fromRecord(record);
    } catch (PoisonEventException e) {
      throw new UnreadableCommandException(e.getMessage());
    }
    try {
      return read(event.type(), event.id(), JSON.readTree(event.dataJson()));
    } catch (JacksonException e) {
      throw new UnreadableCommandException(
          "Command "
              + event.id()
              + " at "
              + where(record)
              + " is not JSON: "
              + e.getOriginalMessage());
    }
  }

  /** The command of the given type whose data is {@code data}; {@code ceId} is the fallback id. */
  public static MatcherCommand read(String type, String ceId, JsonNode data) {
    if (data == null || !data.isObject()) {
      throw new UnreadableCommandException("Command " + ceId + " has no JSON object as data");
    }
    if (!type.startsWith(MatcherCommand.TYPE_PREFIX) || !type.endsWith(".v1")) {
      throw new UnreadableCommandException("Unknown command type " + type);
    }
    String name =
        type.substring(MatcherCommand.TYPE_PREFIX.length(), type.length() - ".v1".length());
    String id = optText(data, "commandId");
    String commandId = id == null ? ceId : id;
    Instant at = instant(data, "at");
    return switch (name) {
      case "token.register" ->
          new MatcherCommand.RegisterToken(
              commandId,
              text(data, "tokenId"),
              text(data, "issuerId"),
              decimal(data, "supply"),
              decimal(data, "issuePrice"),
              optDecimal(data, "tickSize", new BigDecimal("0.01")),
              optDecimal(data, "lotSize", BigDecimal.ONE),
              at);
      case "order.place" ->
          new MatcherCommand.PlaceOrder(
              commandId,
              text(data, "orderId"),
              text(data, "ownerId"),
              text(data, "tokenId"),
              text(data, "windowId"),
              side(data),
              decimal(data, "quantity"),
              decimal(data, "limitPrice"),
              at,
              facts(data.get("investor")));
      case "order.cancel" ->
          new MatcherCommand.CancelOrder(
              commandId, text(data, "orderId"), text(data, "ownerId"), text(data, "tokenId"), at);
      case "transfer" ->
          new MatcherCommand.Transfer(
              commandId,
              text(data, "transferId"),
              text(data, "tokenId"),
              text(data, "fromId"),
              text(data, "toId"),
              decimal(data, "quantity"),
              text(data, "reason"),
              text(data, "requestedBy"),
              at,
              facts(data.get("toInvestor")));
      case "window.open" -> {
        String phase = text(data, "phase");
        if (!phase.equals("continuous") && !phase.equals("call")) {
          throw new UnreadableCommandException("phase must be continuous or call, was " + phase);
        }
        yield new MatcherCommand.OpenWindow(
            commandId,
            text(data, "windowId"),
            text(data, "tokenId"),
            phase,
            optDecimal(data, "priceBand", null),
            at);
      }
      case "window.call-phase" ->
          new MatcherCommand.StartCallPhase(
              commandId, text(data, "windowId"), text(data, "tokenId"), at);
      case "window.indicate" ->
          new MatcherCommand.Indicate(commandId, text(data, "windowId"), text(data, "tokenId"), at);
      case "window.close" ->
          new MatcherCommand.CloseWindow(
              commandId, text(data, "windowId"), text(data, "tokenId"), at);
      case "token.rules" ->
          new MatcherCommand.SetRules(
              commandId,
              text(data, "tokenId"),
              positiveLong(data, "version"),
              rules(data.get("rules")),
              instant(data, "effectiveAt"),
              at);
      case "market.halt" ->
          new MatcherCommand.HaltMarket(
              commandId,
              text(data, "tokenId"),
              bool(data, "cancelOrders"),
              optText(data, "reason"),
              at);
      case "market.resume" -> new MatcherCommand.ResumeMarket(commandId, text(data, "tokenId"), at);
      case "investor.freeze" ->
          new MatcherCommand.FreezeInvestor(
              commandId,
              text(data, "tokenId"),
              text(data, "investorId"),
              optText(data, "reason"),
              at);
      case "investor.unfreeze" ->
          new MatcherCommand.UnfreezeInvestor(
              commandId, text(data, "tokenId"), text(data, "investorId"), at);
      default -> throw new UnreadableCommandException("Unknown command type " + type);
    };
  }

  /** An optional boolean member, false when absent. */
  private static boolean bool(JsonNode data, String field) {
    JsonNode node = data.get(field);
    if (node == null || node.isNull()) {
      return false;
    }
    if (!node.isBoolean()) {
      throw new UnreadableCommandException(field + " must be true or false");
    }
    return node.asBoolean();
  }

  private static MatcherCommand.InvestorFacts facts(JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isObject()) {
      throw new UnreadableCommandException("investor facts must be an object");
    }
    JsonNode accredited = node.get("accredited");
    return new MatcherCommand.InvestorFacts(
        optText(node, "jurisdiction"), accredited != null && accredited.asBoolean(false));
  }

  private static MatcherCommand.Rules rules(JsonNode node) {
    if (node == null || !node.isObject()) {
      throw new UnreadableCommandException("Missing object rules");
    }
    return new MatcherCommand.Rules(
        optLong(node, "maxHolders"),
        optLong(node, "maxNonAccreditedHolders"),
        node.path("accreditedOnly").asBoolean(false),
        countries(node.get("allowedJurisdictions")),
        countries(node.get("blockedJurisdictions")),
        optDecimal(node, "maxHolding", null),
        optLong(node, "lockupDays"),
        node.path("lockupAllPurchases").asBoolean(false),
        optDecimal(node, "minOrderSize", null));
  }

  private static java.util.Set<String> countries(JsonNode node) {
    java.util.Set<String> result = new java.util.TreeSet<>();
    if (node != null && !node.isNull()) {
      if (!node.isArray()) {
        throw new UnreadableCommandException("jurisdictions must be an array");
      }
      node.forEach(c -> result.add(c.asString()));
    }
    return result;
  }

  private static Long optLong(JsonNode data, String field) {
    JsonNode node = data.get(field);
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isIntegralNumber() || !node.canConvertToLong() || node.asLong() < 0) {
      throw new UnreadableCommandException(field + " must be a whole number >= 0");
    }
    return node.asLong();
  }

  private static long positiveLong(JsonNode data, String field) {
    Long value = optLong(data, field);
    if (value == null || value < 1) {
      throw new UnreadableCommandException(field + " must be a whole number >= 1");
    }
    return value;
  }

  private static String side(JsonNode data) {
    String side = text(data, "side");
    if (!side.equals("buy") && !side.equals("sell")) {
      throw new UnreadableCommandException("side must be buy or sell, was " + side);
    }
    return side;
  }

  private static String text(JsonNode data, String field) {
    String value = optText(data, field);
    if (value == null || value.isEmpty()) {
      throw new UnreadableCommandException("Missing " + field);
    }
    return value;
  }

  private static String optText(JsonNode data, String field) {
    JsonNode node = data.get(field);
    return node == null || node.isNull() || !node.isString() ? null : node.asString();
  }

  private static BigDecimal decimal(JsonNode data, String field) {
    BigDecimal value = optDecimal(data, field, null);
    if (value == null) {
      throw new UnreadableCommandException("Missing number " + field);
    }
    return value;
  }

  private static BigDecimal optDecimal(JsonNode data, String field, BigDecimal fallback) {
    JsonNode node = data.get(field);
    if (node == null || node.isNull()) {
      return fallback;
    }
    if (!node.isNumber()) {
      throw new UnreadableCommandException(field + " must be a number");
    }
    return node.decimalValue();
  }

  private static Instant instant(JsonNode data, String field) {
    String value = text(data, field);
    try {
      return IsoInstants.parse(value);
    } catch (DateTimeParseException e) {
      throw new UnreadableCommandException(field + " is not an ISO 8601 instant: " + value);
    }
  }

  private static String where(ConsumerRecord<?, ?> record) {
    return record.topic() + "/" + record.partition() + "@" + record.offset();
  }

  /** A record that is not a command the matcher understands: it goes to the dead-letter topic. */
  public static final class UnreadableCommandException extends RuntimeException {
    public UnreadableCommandException(String message) {
      super(message);
    }
  }
}
