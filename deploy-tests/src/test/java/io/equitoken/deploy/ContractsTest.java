package io.equitoken.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The contracts/ folder holds together: every event schema has an example that validates against
 * it, the AsyncAPI document names every event type and every file it points at exists, and every
 * OpenAPI file is OpenAPI 3.1.
 */
class ContractsTest {

  private static final Path CONTRACTS = RepositoryRoot.get().resolve("contracts");
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void shouldGiveEveryEventSchemaAnExampleThatValidatesAgainstIt() throws IOException {
    List<Path> schemas = eventSchemas();
    assertThat(schemas).isNotEmpty();
    JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    for (Path schemaFile : schemas) {
      Path example = schemaFile.resolveSibling("examples").resolve(schemaFile.getFileName());
      assertThat(example).as("example of " + schemaFile).isRegularFile();
      // published open to additive change, checked closed: an example shows only declared members
      JsonSchema schema = factory.getSchema(closed(JSON.readTree(schemaFile.toFile())));
      Set<ValidationMessage> errors = schema.validate(JSON.readTree(example.toFile()));
      assertThat(errors).as(example + " against its schema").isEmpty();
    }
  }

  @Test
  void shouldNameSchemaFilesAfterTheVersionedEventTypeOfTheirDomain() throws IOException {
    for (Path schemaFile : eventSchemas()) {
      String domain = schemaFile.getParent().getFileName().toString();
      String type = schemaFile.getFileName().toString().replaceFirst("\\.json$", "");
      assertThat(type).matches("equitoken\\." + domain + "\\.[a-z-]+(\\.[a-z-]+)*\\.v[0-9]+");
      JsonNode schema = JSON.readTree(schemaFile.toFile());
      assertThat(schema.path("type").asText()).as(schemaFile + " type").isEqualTo("object");
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void shouldDescribeEveryEventTypeInTheAsyncApiDocument() throws IOException {
    Map<String, Object> asyncApi =
        new Yaml().load(Files.readString(CONTRACTS.resolve("asyncapi.yaml")));
    assertThat(String.valueOf(asyncApi.get("asyncapi"))).startsWith("3.");
    Map<String, Object> messages =
        (Map<String, Object>) ((Map<String, Object>) asyncApi.get("components")).get("messages");
    List<String> named = new ArrayList<>();
    for (Object message : messages.values()) {
      Map<String, Object> m = (Map<String, Object>) message;
      named.add(String.valueOf(m.get("name")));
      Map<String, Object> payload = (Map<String, Object>) m.get("payload");
      String schemaRef = String.valueOf(((Map<String, Object>) payload.get("schema")).get("$ref"));
      assertThat(CONTRACTS.resolve(schemaRef).normalize()).as(schemaRef).isRegularFile();
    }
    List<String> types =
        eventSchemas().stream()
            .map(p -> p.getFileName().toString().replaceFirst("\\.json$", ""))
            .toList();
    assertThat(named).containsExactlyInAnyOrderElementsOf(types);
  }

  @Test
  void shouldKeepEveryOpenApiFileAtVersion31() throws IOException {
    try (Stream<Path> files = Files.list(CONTRACTS.resolve("openapi"))) {
      List<Path> yamls = files.filter(p -> p.toString().endsWith(".yaml")).toList();
      assertThat(yamls).isNotEmpty();
      for (Path file : yamls) {
        Map<String, Object> doc = new Yaml().load(Files.readString(file));
        assertThat(String.valueOf(doc.get("openapi"))).as(file.toString()).startsWith("3.1");
        assertThat(doc).as(file.toString()).containsKey("paths");
      }
    }
  }

  private static List<Path> eventSchemas() throws IOException {
    try (Stream<Path> files = Files.walk(CONTRACTS.resolve("events"))) {
      return files
          .filter(p -> p.toString().endsWith(".json"))
          .filter(p -> !p.getParent().getFileName().toString().equals("examples"))
          .sorted()
          .toList();
    }
  }

  /** Every object that declares {@code properties} closed, unless it says otherwise. */
  private static JsonNode closed(JsonNode node) {
    if (node instanceof ObjectNode object
        && object.has("properties")
        && !object.has("additionalProperties")) {
      object.put("additionalProperties", false);
    }
    node.forEach(ContractsTest::closed);
    return node;
  }
}
