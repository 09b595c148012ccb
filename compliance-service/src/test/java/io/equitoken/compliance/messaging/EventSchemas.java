package io.equitoken.compliance.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

/** The event contracts as files in contracts/events/compliance, the producer's source of truth. */
public final class EventSchemas {

  public static final Path DIRECTORY = Path.of("..", "contracts", "events", "compliance");
  private static final ObjectMapper JSON = new ObjectMapper();

  private EventSchemas() {}

  /** Validation messages of {@code json} against the schema of {@code type}; empty means valid. */
  public static Set<String> violations(String type, String json) {
    try {
      JsonSchema schema =
          JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
              .getSchema(
                  Files.readString(DIRECTORY.resolve(type + ".json")),
                  SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build());
      JsonNode node = JSON.readTree(json);
      return schema.validate(node).stream()
          .map(ValidationMessage::getMessage)
          .collect(Collectors.toSet());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String example(String type) {
    try {
      return Files.readString(DIRECTORY.resolve("examples").resolve(type + ".json"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
