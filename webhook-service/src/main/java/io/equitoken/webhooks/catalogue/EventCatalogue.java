package io.equitoken.webhooks.catalogue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The event types offered through webhooks. Public types go to every subscription that lists them;
 * private ones only to subscriptions of a principal named in the event's owner fields, or of an
 * operator — never to anyone who could not read the same fact through the API.
 */
public final class EventCatalogue {

  /** The synthetic type of {@code POST /webhooks/subscriptions/{id}/test}. */
  public static final String TEST_TYPE = "webhook.test";

  private final Map<String, EventType> byName = new LinkedHashMap<>();
  private final Map<String, EventType> bySource = new LinkedHashMap<>();

  private EventCatalogue(List<EventType> types) {
    for (EventType type : types) {
      byName.put(type.name(), type);
      bySource.put(type.sourceType(), type);
    }
  }

  /** The contract file packaged from {@code contracts/webhooks} at build time. */
  static final String CONTRACT = "contracts/webhooks/event-types.json";

  /**
   * The catalogue of {@code contracts/webhooks/event-types.json}: the same file the merged OpenAPI
   * document's {@code webhooks} section is generated from, so the two cannot drift.
   */
  public static EventCatalogue standard() {
    try (InputStream in = EventCatalogue.class.getClassLoader().getResourceAsStream(CONTRACT)) {
      if (in == null) {
        throw new IllegalStateException(CONTRACT + " is not packaged");
      }
      List<EventType> types = new ArrayList<>();
      for (JsonNode type : JsonMapper.shared().readTree(in).required("types")) {
        types.add(
            new EventType(
                type.required("name").asString(),
                type.required("sourceType").asString(),
                type.required("contract").asString(),
                type.required("description").asString(),
                strings(type.path("ownerFields")),
                strings(type.path("droppedFields"))));
      }
      return new EventCatalogue(types);
    } catch (IOException e) {
      throw new UncheckedIOException("Unreadable " + CONTRACT, e);
    }
  }

  private static List<String> strings(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(value -> values.add(value.asString()));
    return values;
  }

  public List<EventType> types() {
    return List.copyOf(byName.values());
  }

  public Optional<EventType> byName(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** The source event types offered as webhooks ({@code ce_type}s). */
  public java.util.Set<String> sourceTypes() {
    return java.util.Set.copyOf(bySource.keySet());
  }

  public Optional<EventType> bySourceType(String sourceType) {
    return Optional.ofNullable(bySource.get(sourceType));
  }
}
