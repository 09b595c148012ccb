package io.equitoken.webhooks.catalogue;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schema and example of each type, as packaged from {@code contracts/events} into the jar
 * at build time, trimmed of the fields webhooks never disclose.
 */
public final class ContractDocuments {

  private static final String ROOT = "contracts/events/";
  private final JsonMapper json;

  public ContractDocuments(JsonMapper json) {
    this.json = json;
  }

  /** The schema of the webhook's {@code data}, or empty if the contract is not packaged. */
  public Optional<JsonNode> schema(EventType type) {
    return read(ROOT + type.contractPath())
        .map(
            schema -> {
              ObjectNode copy = (ObjectNode) schema.deepCopy();
              JsonNode properties = copy.get("properties");
              JsonNode required = copy.get("required");
              for (String dropped : type.droppedFields()) {
                if (properties instanceof ObjectNode props) {
                  props.remove(dropped);
                }
                if (required instanceof ArrayNode names) {
                  for (int i = names.size() - 1; i >= 0; i--) {
                    if (names.get(i).asString().equals(dropped)) {
                      names.remove(i);
                    }
                  }
                }
              }
              copy.remove("$id");
              return copy;
            });
  }

  /** An example {@code data}, or empty if the contract has none packaged. */
  public Optional<JsonNode> example(EventType type) {
    String path = type.contractPath();
    int slash = path.indexOf('/');
    String examplePath = path.substring(0, slash) + "/examples" + path.substring(slash);
    return read(ROOT + examplePath).map(example -> trim(type, example));
  }

  /** The event's data without the fields that never leave the platform. */
  public static JsonNode trim(EventType type, JsonNode data) {
    if (type.droppedFields().isEmpty() || !(data instanceof ObjectNode object)) {
      return data;
    }
    ObjectNode copy = object.deepCopy();
    type.droppedFields().forEach(copy::remove);
    return copy;
  }

  private Optional<JsonNode> read(String resource) {
    try (InputStream in = ContractDocuments.class.getClassLoader().getResourceAsStream(resource)) {
      return in == null ? Optional.empty() : Optional.of(json.readTree(in));
    } catch (IOException e) {
      throw new IllegalStateException("Unreadable contract " + resource, e);
    }
  }
}
