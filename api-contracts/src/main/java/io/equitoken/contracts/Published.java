package io.equitoken.contracts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Schemas as published to partners: open to additive change. Every {@code additionalProperties:
 * false} is dropped (an integer without a format is an {@code int64}, an enumeration of strings
 * says {@code type: string}), so that a client validating what it receives does not break on a
 * member added within {@code v1} (docs/api-versioning.md). The repository's own tests keep
 * validating producers and examples strictly.
 */
final class Published {

  private Published() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> open(Map<String, Object> schema) {
    return (Map<String, Object>) openNode(schema);
  }

  private static Object openNode(Object node) {
    if (node instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach(
          (k, v) -> {
            if (!("additionalProperties".equals(k) && Boolean.FALSE.equals(v))) {
              copy.put(String.valueOf(k), openNode(v));
            }
          });
      if ("integer".equals(copy.get("type"))) {
        copy.putIfAbsent("format", "int64");
      }
      if (!copy.containsKey("type")
          && copy.get("enum") instanceof List<?> values
          && !values.isEmpty()
          && values.stream().allMatch(String.class::isInstance)) {
        copy.put("type", "string"); // what generators need to type the values
      }
      return copy;
    }
    if (node instanceof List<?> list) {
      return list.stream().map(Published::openNode).toList();
    }
    return node;
  }
}
