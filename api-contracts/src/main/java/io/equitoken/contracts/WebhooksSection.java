package io.equitoken.contracts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OpenAPI 3.1 {@code webhooks} section, generated from {@code contracts/webhooks/
 * event-types.json} — the catalogue webhook-service itself serves at {@code GET
 * /webhooks/event-types} — and the event contracts it names: for every type the signed delivery
 * (Standard Webhooks headers), its envelope, its {@code data} schema as published (without the
 * fields webhooks drop) and an example.
 */
final class WebhooksSection {

  static final String CATALOGUE = "webhooks/event-types.json";
  static final String TAG = "webhook-events";

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The webhooks, and the components they reference. */
  record Generated(
      Map<String, Object> webhooks,
      Map<String, Object> schemas,
      Map<String, Object> parameters,
      List<String> names) {}

  private WebhooksSection() {}

  /** Empty when {@code contractsRoot} has no catalogue. */
  @SuppressWarnings("unchecked")
  static Generated generate(Path contractsRoot) {
    Path catalogue = contractsRoot.resolve(CATALOGUE);
    Map<String, Object> webhooks = new LinkedHashMap<>();
    Map<String, Object> schemas = new LinkedHashMap<>();
    List<String> names = new ArrayList<>();
    if (!Files.exists(catalogue)) {
      return new Generated(webhooks, schemas, Map.of(), names);
    }
    Map<String, Object> doc = read(catalogue);
    for (Object entry : (List<Object>) doc.get("types")) {
      Map<String, Object> type = (Map<String, Object>) entry;
      String contract = String.valueOf(type.get("contract"));
      int slash = contract.indexOf('/');
      Path events = contractsRoot.resolve("events");
      add(
          webhooks,
          schemas,
          names,
          type,
          events.resolve(contract),
          events.resolve(contract.substring(0, slash) + "/examples" + contract.substring(slash)));
    }
    Map<String, Object> test = (Map<String, Object>) doc.get("test");
    if (test != null) {
      Path dir = contractsRoot.resolve("webhooks");
      add(
          webhooks,
          schemas,
          names,
          test,
          dir.resolve(String.valueOf(test.get("schema"))),
          dir.resolve(String.valueOf(test.get("example"))));
    }
    return new Generated(webhooks, schemas, parameters(), names);
  }

  @SuppressWarnings("unchecked")
  private static void add(
      Map<String, Object> webhooks,
      Map<String, Object> schemas,
      List<String> names,
      Map<String, Object> type,
      Path schemaFile,
      Path exampleFile) {
    String name = String.valueOf(type.get("name"));
    List<String> dropped = (List<String>) type.getOrDefault("droppedFields", List.of());
    List<String> owners = (List<String>) type.getOrDefault("ownerFields", List.of());
    String component = "Webhook" + pascal(name);

    Map<String, Object> data = read(schemaFile);
    data.remove("$schema");
    data.remove("$id");
    Map<String, Object> properties = (Map<String, Object>) data.get("properties");
    List<Object> required = (List<Object>) data.get("required");
    for (String field : dropped) {
      if (properties != null) {
        properties.remove(field);
      }
      if (required != null) {
        required.remove(field);
      }
    }
    schemas.put(component + "Data", Published.open(data));

    Map<String, Object> envelope = new LinkedHashMap<>();
    envelope.put("type", "object");
    envelope.put("description", "The body of a `" + name + "` delivery.");
    envelope.put("required", List.of("type", "timestamp", "data"));
    Map<String, Object> members = new LinkedHashMap<>();
    members.put("type", Map.of("type", "string", "const", name));
    members.put(
        "timestamp",
        Map.of(
            "type",
            "string",
            "format",
            "date-time",
            "description",
            "When the event happened (ISO 8601 UTC)."));
    members.put("data", Map.of("$ref", "#/components/schemas/" + component + "Data"));
    envelope.put("properties", members);
    schemas.put(component, envelope);

    Map<String, Object> example = read(exampleFile);
    dropped.forEach(example::remove);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("type", name);
    body.put("timestamp", "2026-11-20T10:01:12.031Z");
    body.put("data", example);

    String visibility =
        owners.isEmpty()
            ? "**Public**: delivered to every subscription that lists it."
            : "**Private**: delivered only to subscriptions of the principal named by "
                + String.join(" or ", owners.stream().map(o -> "`" + o + "`").toList())
                + ", or of an operator.";
    Map<String, Object> post = new LinkedHashMap<>();
    post.put("operationId", "webhook" + pascal(name));
    post.put("tags", List.of(TAG));
    post.put("summary", name);
    post.put(
        "description",
        type.get("description")
            + "\n\n"
            + visibility
            + " Verify `webhook-signature` before trusting the body (Standard Webhooks); dedupe on"
            + " `webhook-id`.");
    post.put("security", List.of());
    post.put(
        "parameters",
        List.of(
            Map.of("$ref", "#/components/parameters/WebhookId"),
            Map.of("$ref", "#/components/parameters/WebhookTimestamp"),
            Map.of("$ref", "#/components/parameters/WebhookSignature")));
    Map<String, Object> media = new LinkedHashMap<>();
    media.put("schema", Map.of("$ref", "#/components/schemas/" + component));
    media.put("examples", Map.of(name, Map.of("value", body)));
    post.put("requestBody", Map.of("required", true, "content", Map.of("application/json", media)));
    Map<String, Object> responses = new LinkedHashMap<>();
    responses.put("200", Map.of("description", "Received (any 2xx); redirects count as failures."));
    responses.put(
        "410", Map.of("description", "Gone: the subscription is disabled, no further deliveries."));
    responses.put(
        "429",
        Map.of(
            "description",
            "Not now: the delivery is retried, after `Retry-After` seconds when given (also for"
                + " `503`); other answers follow the retry schedule."));
    post.put("responses", responses);
    webhooks.put(name, Map.of("post", post));
    names.add(name);
  }

  private static Map<String, Object> parameters() {
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put(
        "WebhookId",
        header(
            "webhook-id",
            "The message id: the same across retries and replays of one event to one subscription;"
                + " dedupe on it.",
            Map.of("type", "string", "maxLength", 200)));
    parameters.put(
        "WebhookTimestamp",
        header(
            "webhook-timestamp",
            "When this attempt was signed, in Unix seconds; refuse ones far from your clock (five"
                + " minutes is the Standard Webhooks default) against replays.",
            Map.of("type", "string", "pattern", "^[0-9]{1,12}$", "maxLength", 12)));
    parameters.put(
        "WebhookSignature",
        header(
            "webhook-signature",
            "`v1,<base64 HMAC-SHA256 of \"{webhook-id}.{webhook-timestamp}.{body}\">` keyed with"
                + " the base64-decoded part of the subscription's secret after `whsec_`;"
                + " space-separated signatures during the 24 h after a secret rotation (accept"
                + " any that verifies). Any Standard Webhooks library verifies it.",
            Map.of("type", "string", "maxLength", 1000)));
    return parameters;
  }

  private static Map<String, Object> header(
      String name, String description, Map<String, Object> schema) {
    Map<String, Object> parameter = new LinkedHashMap<>();
    parameter.put("name", name);
    parameter.put("in", "header");
    parameter.put("required", true);
    parameter.put("description", description);
    parameter.put("schema", schema);
    return parameter;
  }

  /** {@code trade.executed} → {@code TradeExecuted}. */
  static String pascal(String name) {
    StringBuilder out = new StringBuilder();
    for (String part : name.split("[.\\-]")) {
      if (!part.isEmpty()) {
        out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
      }
    }
    return out.toString();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> read(Path file) {
    try {
      return JSON.readValue(Files.readString(file), LinkedHashMap.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (RuntimeException e) {
      throw new IllegalStateException(file + " is not readable JSON: " + e.getMessage(), e);
    }
  }
}
