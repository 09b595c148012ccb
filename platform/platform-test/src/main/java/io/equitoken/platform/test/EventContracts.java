package io.equitoken.platform.test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * The event contracts in the repository's {@code contracts/events/<domain>/<type>.json} (JSON
 * Schema 2020-12, formats asserted) and their {@code examples/}, found by walking up from the
 * module directory. Use it to check that what a service emits — a payload or a whole Kafka record —
 * conforms:
 *
 * <pre>{@code
 * EventContracts.assertConforms(record);            // type from the ce_type header
 * EventContracts.assertConforms("equitoken.listings.listing.published.v1", json);
 * }</pre>
 *
 * <p>The published schemas are open to additive change (no {@code additionalProperties: false},
 * docs/api-versioning.md); here they are checked {@link #strict strictly}, every object closed, so
 * that a producer never emits a member its contract does not declare.
 */
public final class EventContracts {

  private static final JsonSchemaFactory FACTORY =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
  private static final SchemaValidatorsConfig CONFIG =
      SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
  private static final Map<String, JsonSchema> CACHE = new ConcurrentHashMap<>();
  private static volatile Path events;

  private EventContracts() {}

  /** {@code contracts/events}, found from the working directory upwards. */
  public static Path eventsDirectory() {
    if (events == null) {
      Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
      for (Path d = dir; d != null; d = d.getParent()) {
        Path candidate = d.resolve("contracts").resolve("events");
        if (Files.isDirectory(candidate)) {
          events = candidate;
          return candidate;
        }
      }
      throw new IllegalStateException("no contracts/events above " + dir);
    }
    return events;
  }

  /** {@code equitoken.<domain>.…} → {@code contracts/events/<domain>/<type>.json}. */
  public static Path schemaFile(String type) {
    return eventsDirectory().resolve(domain(type)).resolve(type + ".json");
  }

  public static Path exampleFile(String type) {
    return eventsDirectory().resolve(domain(type)).resolve("examples").resolve(type + ".json");
  }

  public static String example(String type) {
    return read(exampleFile(type));
  }

  /** Every event type that has a schema, e.g. {@code equitoken.trading.trade.executed.v1}. */
  public static List<String> types() {
    try (Stream<Path> files = Files.walk(eventsDirectory(), 2)) {
      return files
          .filter(p -> p.getFileName().toString().matches("equitoken\\..*\\.json"))
          .filter(p -> !p.getParent().getFileName().toString().equals("examples"))
          .map(p -> p.getFileName().toString().replaceFirst("\\.json$", ""))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The schema's complaints about a JSON payload; empty when it conforms. */
  public static List<String> violations(String type, String json) {
    Path schemaFile = schemaFile(type);
    if (!Files.isRegularFile(schemaFile)) {
      return List.of("no contract " + schemaFile + " for event type " + type);
    }
    JsonSchema schema =
        CACHE.computeIfAbsent(type, t -> FACTORY.getSchema(strict(read(schemaFile)), CONFIG));
    return schema.validate(json, InputFormat.JSON).stream()
        .map(ValidationMessage::getMessage)
        .toList();
  }

  /** Fails with the schema's complaints unless {@code json} conforms to {@code type}'s contract. */
  public static void assertConforms(String type, String json) {
    List<String> violations = violations(type, json);
    if (!violations.isEmpty()) {
      throw new AssertionError(
          "payload of " + type + " breaks its contract: " + violations + "\n" + json);
    }
  }

  /** As {@link #assertConforms(String, String)}, the type taken from the record's ce_type. */
  public static void assertConforms(ConsumerRecord<String, String> record) {
    Header type = record.headers().lastHeader("ce_type");
    if (type == null) {
      throw new AssertionError("record on " + record.topic() + " has no ce_type header");
    }
    assertConforms(new String(type.value(), StandardCharsets.UTF_8), record.value());
  }

  /**
   * Every schema has an example that conforms to it. Answers the problems (empty when all is well).
   */
  public static List<String> examplesProblems() {
    List<String> problems = new ArrayList<>();
    for (String type : types()) {
      Path example = exampleFile(type);
      if (!Files.isRegularFile(example)) {
        problems.add(type + ": no example " + example);
        continue;
      }
      violations(type, read(example)).forEach(v -> problems.add(type + ": " + v));
    }
    return problems;
  }

  public static void assertEverySchemaHasAValidExample() {
    List<String> problems = examplesProblems();
    if (!problems.isEmpty()) {
      throw new AssertionError("event contract examples: " + problems);
    }
  }

  /**
   * The schema with every object that declares {@code properties} closed ({@code
   * additionalProperties: false} unless it says otherwise): how the repository checks what it
   * produces against contracts that are published open.
   */
  public static String strict(String schema) {
    try {
      JsonNode root = STRICT_JSON.readTree(schema);
      close(root);
      return STRICT_JSON.writeValueAsString(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final ObjectMapper STRICT_JSON = new ObjectMapper();

  private static void close(JsonNode node) {
    if (node instanceof ObjectNode object
        && object.has("properties")
        && !object.has("additionalProperties")) {
      object.put("additionalProperties", false);
    }
    for (JsonNode child : node) {
      close(child);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String domain(String type) {
    String[] parts = type.split("\\.");
    if (parts.length < 3 || !parts[0].equals("equitoken")) {
      throw new IllegalArgumentException("not an Equitoken event type: " + type);
    }
    return parts[1];
  }
}
