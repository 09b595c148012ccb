package io.equitoken.listings.contracts;

import com.networknt.schema.InputFormat;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The event contracts in {@code contracts/events/}, read from the repository as files. */
public final class EventSchemas {

  public static final Path EVENTS = Path.of("..", "contracts", "events");
  private static final JsonSchemaFactory FACTORY =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
  private static final SchemaValidatorsConfig CONFIG =
      SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
  private static final Map<String, JsonSchema> CACHE = new ConcurrentHashMap<>();

  private EventSchemas() {}

  /** {@code equitoken.<domain>.…} → {@code contracts/events/<domain>/<type>.json}. */
  public static Path schemaFile(String type) {
    return EVENTS.resolve(domain(type)).resolve(type + ".json");
  }

  public static Path exampleFile(String type) {
    return EVENTS.resolve(domain(type)).resolve("examples").resolve(type + ".json");
  }

  public static String example(String type) {
    return read(exampleFile(type));
  }

  /** The schema's complaints about a payload; empty when it conforms. */
  public static List<String> violations(String type, String json) {
    JsonSchema schema =
        CACHE.computeIfAbsent(type, t -> FACTORY.getSchema(read(schemaFile(t)), CONFIG));
    return schema.validate(json, InputFormat.JSON).stream()
        .map(ValidationMessage::getMessage)
        .toList();
  }

  public static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String domain(String type) {
    return type.split("\\.")[1];
  }
}
