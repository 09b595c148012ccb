package io.equitoken.identity.messaging;

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

/** identity's event contracts, read as files from {@code contracts/events/identity/}. */
final class EventSchemas {

  static final Path IDENTITY = Path.of("..", "contracts", "events", "identity");
  private static final JsonSchemaFactory FACTORY =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
  private static final SchemaValidatorsConfig CONFIG =
      SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
  private static final Map<String, JsonSchema> CACHE = new ConcurrentHashMap<>();

  private EventSchemas() {}

  static Path schemaFile(String type) {
    return IDENTITY.resolve(type + ".json");
  }

  static String example(String type) {
    return read(IDENTITY.resolve("examples").resolve(type + ".json"));
  }

  /** The schema's complaints about a payload; empty when it conforms. */
  static List<String> violations(String type, String json) {
    JsonSchema schema =
        CACHE.computeIfAbsent(type, t -> FACTORY.getSchema(read(schemaFile(t)), CONFIG));
    return schema.validate(json, InputFormat.JSON).stream()
        .map(ValidationMessage::getMessage)
        .toList();
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
