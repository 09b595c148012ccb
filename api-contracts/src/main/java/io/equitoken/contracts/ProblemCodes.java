package io.equitoken.contracts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A service file's problem codes: its {@code x-problem-codes} catalogue (code → {@code status},
 * {@code detail}, optional extra {@code members} as schemas and the {@code operations} that answer
 * it) rendered as standard OpenAPI, so that generators and readers see them: each named operation's
 * response of that status gets an {@code application/problem+json} example per code, and a schema
 * that declares the extra members beside the shared {@code Problem}.
 */
final class ProblemCodes {

  static final String KEY = "x-problem-codes";
  static final Pattern CODE = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

  /** The shared response of each status, in {@code components/common.yaml}. */
  static final Map<Integer, String> COMMON_RESPONSES =
      Map.ofEntries(
          Map.entry(400, "BadRequest"),
          Map.entry(401, "Unauthorized"),
          Map.entry(403, "Forbidden"),
          Map.entry(404, "NotFound"),
          Map.entry(409, "Conflict"),
          Map.entry(413, "PayloadTooLarge"),
          Map.entry(415, "UnsupportedMediaType"),
          Map.entry(422, "Unprocessable"),
          Map.entry(429, "TooManyRequests"),
          Map.entry(503, "ServiceUnavailable"));

  /** The problem titles, as platform-core's {@code Refusal.Kind} spells them. */
  static final Map<Integer, String> TITLES =
      Map.ofEntries(
          Map.entry(400, "Bad request"),
          Map.entry(401, "Unauthorized"),
          Map.entry(403, "Forbidden"),
          Map.entry(404, "Not found"),
          Map.entry(405, "Method not allowed"),
          Map.entry(408, "Request timeout"),
          Map.entry(409, "Conflict"),
          Map.entry(410, "Gone"),
          Map.entry(412, "Precondition failed"),
          Map.entry(413, "Content too large"),
          Map.entry(415, "Unsupported media type"),
          Map.entry(422, "Unprocessable content"),
          Map.entry(429, "Too many requests"),
          Map.entry(500, "Internal server error"),
          Map.entry(503, "Service unavailable"));

  private ProblemCodes() {}

  /** One declared code. */
  record Declared(String code, List<Integer> statuses, String detail, Map<String, Object> members) {

    /** The first status; most codes have one. */
    int status() {
      return statuses.get(0);
    }
  }

  /** The catalogue of a service (or the shared) file, checked; violations go to {@code errors}. */
  static Map<String, Declared> catalogue(
      String owner, Map<String, Object> doc, List<String> errors) {
    Map<String, Declared> declared = new LinkedHashMap<>();
    if (!(doc.get(KEY) instanceof Map<?, ?> entries)) {
      return declared;
    }
    for (var entry : entries.entrySet()) {
      String code = String.valueOf(entry.getKey());
      if (!CODE.matcher(code).matches() || !(entry.getValue() instanceof Map<?, ?> body)) {
        errors.add(owner + ": " + KEY + "." + code + " is not a kebab-case code with a body");
        continue;
      }
      Object status = body.get("status");
      List<Integer> statuses = new ArrayList<>();
      for (Object one :
          status instanceof List<?> list ? list : java.util.Collections.singletonList(status)) {
        if (one instanceof Integer s && TITLES.containsKey(s)) {
          statuses.add(s);
        }
      }
      if (statuses.isEmpty()) {
        errors.add(
            owner + ": " + KEY + "." + code + " needs a known 4xx/5xx status (or a list of them)");
        continue;
      }
      if (!(body.get("detail") instanceof String detail) || detail.isBlank()) {
        errors.add(owner + ": " + KEY + "." + code + " needs a detail");
        continue;
      }
      Map<String, Object> members = new LinkedHashMap<>();
      if (body.get("members") instanceof Map<?, ?> m) {
        m.forEach((k, v) -> members.put(String.valueOf(k), v));
      }
      declared.put(code, new Declared(code, List.copyOf(statuses), detail, members));
    }
    return declared;
  }

  /**
   * A copy of {@code doc} in which every operation named by a catalogue entry answers that code's
   * status with the code's example and members.
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> render(
      String owner,
      Map<String, Object> doc,
      Map<String, Object> commonResponses,
      List<String> errors) {
    Map<String, Declared> catalogue = catalogue(owner, doc, errors);
    if (catalogue.isEmpty()) {
      return doc;
    }
    Map<String, Object> copy = (Map<String, Object>) OpenApiBundler.deepCopy(doc);
    Map<String, Map<String, Object>> operations = new LinkedHashMap<>();
    Map<String, String> operationPaths = new LinkedHashMap<>();
    if (copy.get("paths") instanceof Map<?, ?> paths) {
      for (var path : paths.entrySet()) {
        if (path.getValue() instanceof Map<?, ?> item) {
          for (var op : item.entrySet()) {
            if (OpenApiBundler.METHODS.contains(String.valueOf(op.getKey()))
                && op.getValue() instanceof Map<?, ?> operation) {
              String id = String.valueOf(operation.get("operationId"));
              operations.put(id, (Map<String, Object>) operation);
              operationPaths.put(id, String.valueOf(path.getKey()));
            }
          }
        }
      }
    }
    Map<String, Object> entries = (Map<String, Object>) copy.get(KEY);
    for (Declared code : catalogue.values()) {
      Object named = ((Map<String, Object>) entries.get(code.code())).get("operations");
      for (Object id : named instanceof List<?> list ? list : List.of()) {
        Map<String, Object> operation = operations.get(String.valueOf(id));
        if (operation == null) {
          errors.add(owner + ": " + KEY + "." + code.code() + " names no operation '" + id + "'");
          continue;
        }
        Map<String, Object> responses =
            (Map<String, Object>)
                operation.computeIfAbsent("responses", k -> new LinkedHashMap<>());
        int chosen =
            code.statuses().stream()
                .filter(st -> responses.containsKey(String.valueOf(st)))
                .findFirst()
                .orElse(code.status());
        String status = String.valueOf(chosen);
        Map<String, Object> response = inline(responses.get(status), chosen, commonResponses, copy);
        responses.put(status, response);
        Map<String, Object> media = child(child(response, "content"), "application/problem+json");
        media.putIfAbsent(
            "schema",
            Map.of("$ref", "./" + OpenApiBundler.COMMON + "#/components/schemas/Problem"));
        Map<String, Object> example = new LinkedHashMap<>();
        example.put("summary", code.detail());
        example.put("value", exampleOf(code, chosen, operationPaths.get(String.valueOf(id))));
        child(media, "examples").put(code.code(), example);
        if (!code.members().isEmpty()) {
          addMembers(media, code.members());
        }
      }
    }
    return copy;
  }

  @SuppressWarnings("unchecked")
  private static void addMembers(Map<String, Object> media, Map<String, Object> members) {
    Object schema = media.get("schema");
    Map<String, Object> extension;
    if (schema instanceof Map<?, ?> map && map.get("allOf") instanceof List<?> allOf) {
      extension = (Map<String, Object>) allOf.get(1);
    } else {
      extension = new LinkedHashMap<>();
      extension.put("type", "object");
      extension.put("properties", new LinkedHashMap<>());
      List<Object> allOf = new ArrayList<>();
      allOf.add(schema);
      allOf.add(extension);
      Map<String, Object> combined = new LinkedHashMap<>();
      combined.put("allOf", allOf);
      media.put("schema", combined);
    }
    Map<String, Object> properties = (Map<String, Object>) extension.get("properties");
    members.forEach(properties::putIfAbsent);
  }

  /** The response for {@code status}, inlined so that examples can be added to it. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> inline(
      Object existing, int status, Map<String, Object> commonResponses, Map<String, Object> doc) {
    if (existing instanceof Map<?, ?> map && !map.containsKey("$ref")) {
      return (Map<String, Object>) map;
    }
    String ref = existing instanceof Map<?, ?> map ? String.valueOf(map.get("$ref")) : null;
    if (ref != null && ref.startsWith("#/components/responses/")) {
      Object own =
          ((Map<String, Object>)
                  ((Map<String, Object>) doc.getOrDefault("components", Map.of()))
                      .getOrDefault("responses", Map.of()))
              .get(ref.substring(ref.lastIndexOf('/') + 1));
      if (own != null) {
        return (Map<String, Object>) OpenApiBundler.deepCopy(own);
      }
    }
    String name =
        ref != null && ref.contains("#/components/responses/")
            ? ref.substring(ref.lastIndexOf('/') + 1)
            : COMMON_RESPONSES.get(status);
    Object shared = name == null ? null : commonResponses.get(name);
    if (shared != null) {
      return (Map<String, Object>) fromCommon(OpenApiBundler.deepCopy(shared));
    }
    Map<String, Object> created = new LinkedHashMap<>();
    created.put("description", TITLES.get(status));
    return created;
  }

  /** References inside a copied shared component, made relative to a service file. */
  @SuppressWarnings("unchecked")
  private static Object fromCommon(Object node) {
    if (node instanceof Map<?, ?> map) {
      Map<String, Object> writable = (Map<String, Object>) map;
      if (writable.get("$ref") instanceof String ref && ref.startsWith("#")) {
        writable.put("$ref", "./" + OpenApiBundler.COMMON + ref);
      }
      writable.values().forEach(ProblemCodes::fromCommon);
    } else if (node instanceof List<?> list) {
      list.forEach(ProblemCodes::fromCommon);
    }
    return node;
  }

  static Map<String, Object> exampleOf(Declared code, int status, String instance) {
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("type", "https://equitoken.io/problems/" + code.code());
    value.put("title", TITLES.get(status));
    value.put("status", status);
    value.put("detail", code.detail());
    value.put("instance", instance == null ? "/" : instance);
    value.put("code", code.code());
    value.put("requestId", "4bf92f3577b34da6a3ce929d0e0e4736");
    code.members().forEach((name, schema) -> value.put(name, sample(schema)));
    return value;
  }

  private static Object sample(Object schema) {
    if (!(schema instanceof Map<?, ?> map)) {
      return "…";
    }
    if (map.get("examples") instanceof List<?> examples && !examples.isEmpty()) {
      return examples.get(0);
    }
    if (map.get("enum") instanceof List<?> values && !values.isEmpty()) {
      return values.get(0);
    }
    return switch (String.valueOf(map.get("type"))) {
      case "integer" -> 1;
      case "number" -> 0.01;
      case "boolean" -> true;
      case "array" -> List.of();
      case "object" -> Map.of();
      default -> "…";
    };
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> child(Map<String, Object> parent, String key) {
    return (Map<String, Object>) parent.computeIfAbsent(key, k -> new LinkedHashMap<>());
  }
}
