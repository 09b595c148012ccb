package io.equitoken.trading.matcher;

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

/**
 * The trading event contracts in {@code contracts/events/trading/}, read as files (formats
 * asserted). Stopgap until platform-test's EventContracts lands.
 */
final class Contracts {

  static final Path TRADING = Path.of("..", "contracts", "events", "trading");
  private static final JsonSchemaFactory FACTORY =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
  private static final SchemaValidatorsConfig CONFIG =
      SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
  private static final Map<String, JsonSchema> CACHE = new ConcurrentHashMap<>();

  private Contracts() {}

  static List<String> violations(String type, String json) {
    JsonSchema schema =
        CACHE.computeIfAbsent(
            type, t -> FACTORY.getSchema(read(TRADING.resolve(t + ".json")), CONFIG));
    return schema.validate(json, InputFormat.JSON).stream()
        .map(ValidationMessage::getMessage)
        .toList();
  }

  static String example(String type) {
    return read(TRADING.resolve("examples").resolve(type + ".json"));
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
