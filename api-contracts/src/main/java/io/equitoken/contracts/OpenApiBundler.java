package io.equitoken.contracts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;
import org.yaml.snakeyaml.resolver.Resolver;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds the public API description from {@code contracts/openapi}: each service file bundled
 * (references into shared component files inlined as local components) and all of them merged into
 * one OpenAPI 3.1 document. Fails with every violation at once: duplicate operation ids, tags or
 * path operations across files, and components of one name but different shapes.
 *
 * <p>Run by the build ({@code exec-maven-plugin}, {@code process-classes}): {@code OpenApiBundler
 * <contracts/openapi> <output dir>} writes {@code <out>/services/<service>.yaml} and {@code
 * <out>/openapi.yaml} / {@code <out>/openapi.json}.
 */
public final class OpenApiBundler {

  static final Set<String> METHODS =
      Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

  /** The shared components, relative to the contracts directory. */
  static final String COMMON = "components/common.yaml";

  private final Path contractsDir;
  private final Map<Path, Map<String, Object>> loaded = new LinkedHashMap<>();
  private final List<String> errors = new ArrayList<>();

  public OpenApiBundler(Path contractsDir) {
    this.contractsDir = contractsDir.toAbsolutePath().normalize();
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("Usage: OpenApiBundler <contracts/openapi> <output dir>");
    }
    Result result = new OpenApiBundler(Path.of(args[0])).bundle();
    result.writeTo(Path.of(args[1]));
  }

  /** The bundled service files by service name, and the merged document. */
  public record Result(Map<String, Map<String, Object>> services, Map<String, Object> merged) {

    public void writeTo(Path out) throws IOException {
      Path servicesDir = out.resolve("services");
      Files.createDirectories(servicesDir);
      for (var service : services.entrySet()) {
        Files.writeString(
            servicesDir.resolve(service.getKey() + ".yaml"),
            dumpYaml(service.getValue()),
            StandardCharsets.UTF_8);
      }
      Files.writeString(out.resolve("openapi.yaml"), dumpYaml(merged), StandardCharsets.UTF_8);
      Files.writeString(out.resolve("openapi.json"), dumpJson(merged), StandardCharsets.UTF_8);
    }
  }

  public Result bundle() throws IOException {
    Map<String, Map<String, Object>> services = new TreeMap<>();
    try (Stream<Path> files = Files.list(contractsDir)) {
      for (Path file : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
        String name = file.getFileName().toString().replaceFirst("\\.yaml$", "");
        services.put(name, bundleOne(file));
      }
    }
    Map<String, Object> merged = merge(services);
    if (!errors.isEmpty()) {
      throw new IllegalStateException(
          "contracts/openapi violates the rules in contracts/openapi/README.md:\n  - "
              + String.join("\n  - ", errors));
    }
    return new Result(services, merged);
  }

  // ---------------------------------------------------------------- bundling

  private Map<String, Object> bundleOne(Path file) {
    Path root = file.toAbsolutePath().normalize();
    String owner = root.getFileName().toString().replaceFirst("\\.yaml$", "");
    Map<String, Map<String, Object>> imported = new LinkedHashMap<>();
    @SuppressWarnings("unchecked")
    Map<String, Object> doc =
        (Map<String, Object>)
            resolve(
                ProblemCodes.render(
                    owner, withGatewayResponses(load(root)), commonResponses(), errors),
                root,
                root,
                imported);
    // clients reach every path through the gateway; the services' own ports are internal
    doc.put("servers", gatewayServers());
    Map<String, Object> components = childMap(doc, "components");
    for (var kind : imported.entrySet()) {
      Map<String, Object> target = childMap(components, kind.getKey());
      for (var component : kind.getValue().entrySet()) {
        Object own = target.get(component.getKey());
        String selfRef = "#/components/" + kind.getKey() + "/" + component.getKey();
        if (own == null || isRefTo(own, selfRef)) {
          target.put(component.getKey(), component.getValue());
        } else if (!own.equals(component.getValue())) {
          errors.add(
              root.getFileName()
                  + " redeclares the shared component "
                  + selfRef
                  + " with another shape; reference it instead");
        }
      }
    }
    if (declaresTag(doc, WebhooksSection.TAG)) {
      WebhooksSection.Generated generated = WebhooksSection.generate(contractsDir.getParent());
      doc.put("webhooks", generated.webhooks());
      childMap(components, "schemas").putAll(generated.schemas());
      childMap(components, "parameters").putAll(generated.parameters());
    }
    return doc;
  }

  private static boolean declaresTag(Map<String, Object> doc, String tag) {
    return listOf(doc.get("tags")).stream()
        .anyMatch(t -> t instanceof Map<?, ?> m && tag.equals(m.get("name")));
  }

  private Map<String, Object> commonResponses() {
    Path common = contractsDir.resolve(COMMON);
    if (!Files.exists(common)) {
      return Map.of();
    }
    return childMap(childMap(load(common), "components"), "responses");
  }

  /**
   * Every path is served through the gateway, which may answer any request with {@code 429} (rate
   * limit) or {@code 503} (service unavailable, circuit open): a copy of {@code doc} in which every
   * operation lists both, from the shared components, unless it says otherwise.
   */
  private Map<String, Object> withGatewayResponses(Map<String, Object> doc) {
    if (!Files.exists(contractsDir.resolve(COMMON))) {
      return doc;
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> copy = (Map<String, Object>) deepCopy(doc);
    for (Object item : childMap(copy, "paths").values()) {
      if (!(item instanceof Map<?, ?> pathItem)) {
        continue;
      }
      for (var entry : pathItem.entrySet()) {
        if (METHODS.contains(String.valueOf(entry.getKey()))
            && entry.getValue() instanceof Map<?, ?> operation
            && operation.get("responses") instanceof Map<?, ?> responses) {
          @SuppressWarnings("unchecked")
          Map<String, Object> writable = (Map<String, Object>) responses;
          writable.putIfAbsent(
              "429", Map.of("$ref", "./" + COMMON + "#/components/responses/TooManyRequests"));
          writable.putIfAbsent(
              "503", Map.of("$ref", "./" + COMMON + "#/components/responses/ServiceUnavailable"));
          writable.values().forEach(OpenApiBundler::addRateLimitHeaders);
          if (isIdempotent(operation)) {
            writable.entrySet().stream()
                .filter(response -> String.valueOf(response.getKey()).startsWith("2"))
                .forEach(response -> addReplayedHeader(response.getValue()));
          }
        }
      }
    }
    childMap(childMap(copy, "components"), "responses")
        .values()
        .forEach(OpenApiBundler::addRateLimitHeaders);
    return copy;
  }

  /** The gateway sets the {@code RateLimit-*} headers on every answer it relays. */
  @SuppressWarnings("unchecked")
  private static void addRateLimitHeaders(Object response) {
    if (response instanceof Map<?, ?> map && !map.containsKey("$ref")) {
      Map<String, Object> headers =
          (Map<String, Object>)
              ((Map<String, Object>) map).computeIfAbsent("headers", k -> new LinkedHashMap<>());
      for (String header : List.of("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset")) {
        headers.putIfAbsent(
            header, Map.of("$ref", "./" + COMMON + "#/components/headers/" + header));
      }
    }
  }

  /** An operation that takes the shared {@code Idempotency-Key} parameter. */
  static boolean isIdempotent(Map<?, ?> operation) {
    return listOf(operation.get("parameters")).stream()
        .anyMatch(
            p ->
                p instanceof Map<?, ?> parameter
                    && (String.valueOf(parameter.get("$ref")).endsWith("/parameters/IdempotencyKey")
                        || "Idempotency-Key".equalsIgnoreCase(String.valueOf(parameter.get("name")))
                            && "header".equals(parameter.get("in"))));
  }

  /** A replayed answer says so: {@code Idempotent-Replayed: true}. */
  @SuppressWarnings("unchecked")
  private static void addReplayedHeader(Object response) {
    if (response instanceof Map<?, ?> map && !map.containsKey("$ref")) {
      Map<String, Object> headers =
          (Map<String, Object>)
              ((Map<String, Object>) map).computeIfAbsent("headers", k -> new LinkedHashMap<>());
      headers.putIfAbsent(
          "Idempotent-Replayed",
          Map.of("$ref", "./" + COMMON + "#/components/headers/Idempotent-Replayed"));
    }
  }

  static Object deepCopy(Object node) {
    if (node instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(String.valueOf(k), deepCopy(v)));
      return copy;
    }
    if (node instanceof List<?> list) {
      List<Object> copy = new ArrayList<>();
      list.forEach(v -> copy.add(deepCopy(v)));
      return copy;
    }
    return node;
  }

  /**
   * A deep copy of {@code node} (read from {@code source}) in which every reference outside {@code
   * root} points at a local component copied into {@code imported}.
   */
  private Object resolve(
      Object node, Path source, Path root, Map<String, Map<String, Object>> imported) {
    if (node instanceof Map<?, ?> map) {
      Object ref = map.get("$ref");
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach(
          (k, v) ->
              copy.put(
                  String.valueOf(k),
                  "$ref".equals(k) && ref instanceof String refText
                      ? localise(refText, source, root, imported)
                      : resolve(v, source, root, imported)));
      return copy;
    }
    if (node instanceof List<?> list) {
      List<Object> copy = new ArrayList<>();
      list.forEach(v -> copy.add(resolve(v, source, root, imported)));
      return copy;
    }
    return node;
  }

  private String localise(
      String ref, Path source, Path root, Map<String, Map<String, Object>> imported) {
    int hash = ref.indexOf('#');
    String filePart = hash < 0 ? ref : ref.substring(0, hash);
    String pointer = hash < 0 ? "" : ref.substring(hash + 1);
    Path target = filePart.isEmpty() ? source : source.getParent().resolve(filePart).normalize();
    if (target.equals(root)) {
      return "#" + pointer;
    }
    String[] parts = pointer.split("/");
    if (parts.length != 4 || !parts[0].isEmpty() || !"components".equals(parts[1])) {
      errors.add(
          source.getFileName()
              + ": reference "
              + ref
              + " must point at #/components/<kind>/<Name>");
      return ref;
    }
    String kind = parts[2];
    String name = parts[3];
    Map<String, Object> kindMap = imported.computeIfAbsent(kind, k -> new LinkedHashMap<>());
    if (!kindMap.containsKey(name)) {
      Object component = childMap(childMap(load(target), "components"), kind).get(name);
      if (component == null) {
        errors.add(source.getFileName() + ": reference " + ref + " points at nothing");
        return ref;
      }
      kindMap.put(name, Map.of()); // placeholder against cycles
      kindMap.put(name, resolve(component, target, root, imported));
    }
    return "#/components/" + kind + "/" + name;
  }

  private Map<String, Object> load(Path file) {
    return loaded.computeIfAbsent(
        file,
        f -> {
          try {
            Map<String, Object> doc = yaml().load(Files.readString(f, StandardCharsets.UTF_8));
            if (doc == null) {
              throw new IllegalStateException(f + " is empty");
            }
            return doc;
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  // ---------------------------------------------------------------- merging

  private Map<String, Object> merge(Map<String, Map<String, Object>> services) {
    Map<String, Object> merged = new LinkedHashMap<>();
    merged.put("openapi", "3.1.0");
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("title", "Equitoken API");
    info.put("version", "1.0.0");
    info.put(
        "summary", "The Startup Equity Token Service: every service's public API in one document.");
    info.put(
        "description",
        "One document built at build time from the per-service files in contracts/openapi ("
            + String.join(", ", services.keySet())
            + "). Every path is served through the gateway over HTTPS; errors are RFC 9457"
            + " problem+json with a stable `code` and the `requestId`; every answer carries the"
            + " `RateLimit-*` headers and `429` adds `Retry-After`."
            + serviceSections(services));
    merged.put("info", info);
    merged.put("servers", gatewayServers());
    List<Object> defaultSecurity = List.of(Map.of("bearer", List.of()));
    merged.put("security", defaultSecurity);
    List<Object> tags = new ArrayList<>();
    Map<String, String> tagOwners = new LinkedHashMap<>();
    Map<String, Object> paths = new TreeMap<>();
    Map<String, Object> components = new LinkedHashMap<>();
    Map<String, Object> webhooks = new TreeMap<>();
    Map<String, String> operationOwners = new LinkedHashMap<>();

    for (var service : services.entrySet()) {
      String owner = service.getKey();
      Map<String, Object> doc = service.getValue();
      for (Object tag : listOf(doc.get("tags"))) {
        String name = String.valueOf(((Map<?, ?>) tag).get("name"));
        String previous = tagOwners.putIfAbsent(name, owner);
        if (previous != null) {
          errors.add("tag '" + name + "' is declared by " + previous + " and " + owner);
        } else {
          tags.add(tag);
        }
      }
      for (var webhook : childMap(doc, "webhooks").entrySet()) {
        if (webhooks.putIfAbsent(webhook.getKey(), webhook.getValue()) != null) {
          errors.add("webhook '" + webhook.getKey() + "' is declared twice (" + owner + ")");
        }
      }
      Object serviceSecurity = doc.getOrDefault("security", List.of());
      for (var path : childMap(doc, "paths").entrySet()) {
        @SuppressWarnings("unchecked")
        Map<String, Object> item = (Map<String, Object>) path.getValue();
        @SuppressWarnings("unchecked")
        Map<String, Object> target =
            (Map<String, Object>) paths.computeIfAbsent(path.getKey(), k -> new LinkedHashMap<>());
        for (var entry : item.entrySet()) {
          String key = entry.getKey();
          Object value = entry.getValue();
          if (METHODS.contains(key)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> operation = new LinkedHashMap<>((Map<String, Object>) value);
            if (!operation.containsKey("security") && !serviceSecurity.equals(defaultSecurity)) {
              operation.put("security", serviceSecurity);
            }
            if (Boolean.TRUE.equals(operation.get("deprecated"))
                && !(operation.containsKey("x-deprecated-at")
                    && operation.containsKey("x-sunset"))) {
              errors.add(
                  owner
                      + ": "
                      + key.toUpperCase()
                      + " "
                      + path.getKey()
                      + " is deprecated without x-deprecated-at and x-sunset dates"
                      + " (docs/api-versioning.md)");
            }
            String id = String.valueOf(operation.get("operationId"));
            String previous = operationOwners.putIfAbsent(id, owner);
            if (operation.get("operationId") == null) {
              errors.add(
                  owner + ": " + key.toUpperCase() + " " + path.getKey() + " has no operationId");
            } else if (previous != null) {
              errors.add("operationId '" + id + "' is used by " + previous + " and " + owner);
            }
            if (target.putIfAbsent(key, operation) != null) {
              errors.add(
                  key.toUpperCase() + " " + path.getKey() + " is declared twice (" + owner + ")");
            }
          } else {
            Object previous = target.putIfAbsent(key, value);
            if (previous != null && !previous.equals(value)) {
              errors.add(path.getKey() + " has a different '" + key + "' in " + owner);
            }
          }
        }
      }
      for (var kind : childMap(doc, "components").entrySet()) {
        @SuppressWarnings("unchecked")
        Map<String, Object> targetKind =
            (Map<String, Object>) components.computeIfAbsent(kind.getKey(), k -> new TreeMap<>());
        @SuppressWarnings("unchecked")
        Map<String, Object> own = (Map<String, Object>) kind.getValue();
        for (var component : own.entrySet()) {
          Object previous = targetKind.putIfAbsent(component.getKey(), component.getValue());
          if (previous != null && !previous.equals(component.getValue())) {
            errors.add(
                "component #/components/"
                    + kind.getKey()
                    + "/"
                    + component.getKey()
                    + " differs between files ("
                    + owner
                    + "); give service-specific components service-specific names");
          }
        }
      }
    }
    merged.put("tags", tags);
    merged.put("paths", paths);
    if (!webhooks.isEmpty()) {
      merged.put("webhooks", webhooks);
    }
    merged.put("components", components);
    return merged;
  }

  /**
   * Each service's own description (roles, states, gates, signing, error codes) as a section of the
   * merged document's description, so that nothing a service file says is lost in the merge,
   * followed by its problem codes.
   */
  private String serviceSections(Map<String, Map<String, Object>> services) {
    StringBuilder out = new StringBuilder();
    Path common = contractsDir.resolve(COMMON);
    if (Files.exists(common)) {
      out.append(problemTable("Every service", load(common)));
    }
    for (var service : services.entrySet()) {
      Map<String, Object> info = childMap(service.getValue(), "info");
      out.append("\n\n# ").append(service.getKey()).append("\n\n");
      if (info.get("summary") instanceof String summary) {
        out.append(summary.strip()).append("\n\n");
      }
      if (info.get("description") instanceof String description) {
        out.append(description.strip().replace("\n#", "\n###"));
      }
      out.append(problemTable(service.getKey(), service.getValue()));
    }
    return out.toString();
  }

  private String problemTable(String owner, Map<String, Object> doc) {
    Map<String, ProblemCodes.Declared> codes =
        ProblemCodes.catalogue(owner, doc, new ArrayList<>());
    if (codes.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder("\n\n**Problem codes** (").append(owner).append("):");
    out.append("\n\n| code | status | meaning | extra members |\n|---|---|---|---|\n");
    for (ProblemCodes.Declared code : codes.values()) {
      out.append("| `")
          .append(code.code())
          .append("` | ")
          .append(String.join(", ", code.statuses().stream().map(String::valueOf).toList()))
          .append(" | ")
          .append(code.detail().replace("|", "\\|").replace("\n", " "))
          .append(" | ")
          .append(
              String.join(", ", code.members().keySet().stream().map(m -> "`" + m + "`").toList()))
          .append(" |\n");
    }
    return out.toString();
  }

  // ---------------------------------------------------------------- helpers

  private static List<Object> gatewayServers() {
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("url", "https://localhost:8443");
    server.put("description", "The gateway (local runs); in production, the operator's host");
    server.put("x-internal", false);
    return List.of(server);
  }

  private static boolean isRefTo(Object node, String ref) {
    return node instanceof Map<?, ?> map && map.size() == 1 && ref.equals(map.get("$ref"));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> childMap(Map<String, Object> parent, String key) {
    Object child = parent.get(key);
    if (child == null) {
      Map<String, Object> created = new LinkedHashMap<>();
      parent.put(key, created);
      return created;
    }
    return (Map<String, Object>) child;
  }

  static List<?> listOf(Object value) {
    return value instanceof List<?> list ? list : List.of();
  }

  static Yaml yaml() {
    LoaderOptions loading = new LoaderOptions();
    loading.setAllowDuplicateKeys(false);
    DumperOptions dumping = new DumperOptions();
    dumping.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    dumping.setIndent(2);
    dumping.setWidth(100);
    dumping.setSplitLines(false);
    return new Yaml(
        new SafeConstructor(loading),
        new Representer(dumping),
        dumping,
        loading,
        new NoTimestampResolver());
  }

  static String dumpYaml(Map<String, Object> doc) {
    return yaml().dump(doc);
  }

  static String dumpJson(Map<String, Object> doc) {
    return JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build()
            .writeValueAsString(doc)
        + "\n";
  }

  /** YAML 1.1 implicit types except timestamps: dates in examples stay strings, as in JSON. */
  static final class NoTimestampResolver extends Resolver {
    @Override
    protected void addImplicitResolvers() {
      addImplicitResolver(Tag.BOOL, BOOL, "yYnNtTfFoO");
      addImplicitResolver(Tag.INT, INT, "-+0123456789");
      addImplicitResolver(Tag.FLOAT, FLOAT, "-+0123456789.");
      addImplicitResolver(Tag.MERGE, MERGE, "<");
      addImplicitResolver(Tag.NULL, NULL, "~nN\0");
      addImplicitResolver(Tag.NULL, EMPTY, null);
    }
  }
}
