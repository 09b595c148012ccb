package io.equitoken.deploy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Accessors for rendered Kubernetes resources (plain YAML maps). */
final class Resources {

  private Resources() {}

  static String kind(Map<String, Object> resource) {
    Object kind = resource.get("kind");
    return kind == null ? null : String.valueOf(kind);
  }

  static String name(Map<String, Object> resource) {
    return Yamls.stringAt(resource, "metadata", "name");
  }

  static String namespace(Map<String, Object> resource) {
    return Yamls.stringAt(resource, "metadata", "namespace");
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> metadata(Map<String, Object> resource) {
    return (Map<String, Object>) resource.computeIfAbsent("metadata", k -> new LinkedHashMap<>());
  }

  static String id(Map<String, Object> resource) {
    return kind(resource) + "/" + name(resource);
  }

  static List<Map<String, Object>> ofKind(List<Map<String, Object>> resources, String kind) {
    return resources.stream().filter(r -> kind.equals(kind(r))).toList();
  }

  static Optional<Map<String, Object>> find(
      List<Map<String, Object>> resources, String kind, String name) {
    return resources.stream().filter(r -> kind.equals(kind(r)) && name.equals(name(r))).findFirst();
  }

  static Map<String, Object> get(List<Map<String, Object>> resources, String kind, String name) {
    return find(resources, kind, name)
        .orElseThrow(() -> new AssertionError("no " + kind + "/" + name + " rendered"));
  }

  /** True when every label of the selector is present, with the same value, in the labels. */
  static boolean selects(Map<String, Object> selector, Map<String, Object> labels) {
    return !selector.isEmpty()
        && selector.entrySet().stream()
            .allMatch(
                e -> String.valueOf(e.getValue()).equals(String.valueOf(labels.get(e.getKey()))));
  }
}
