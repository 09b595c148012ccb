package io.equitoken.deploy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Strategic merge as Kustomize applies it, reduced to what our patches need: maps merge key by key,
 * a null value deletes the key, lists of named items merge by {@code name} on built-in kinds
 * (containers, env, volumes, volumeMounts, ports), and every other list is replaced. Custom
 * resources have no merge keys, so their lists are always replaced (as Kustomize does without an
 * OpenAPI schema).
 */
final class StrategicMerge {

  private StrategicMerge() {}

  static boolean isBuiltIn(Map<String, Object> resource) {
    String apiVersion = String.valueOf(resource.get("apiVersion"));
    if (!apiVersion.contains("/")) {
      return true;
    }
    String group = apiVersion.substring(0, apiVersion.indexOf('/'));
    return !group.contains(".") || group.endsWith(".k8s.io");
  }

  @SuppressWarnings("unchecked")
  static void apply(Map<String, Object> target, Map<String, Object> patch, boolean builtIn) {
    if ("replace".equals(patch.get("$patch"))) {
      target.clear();
    }
    for (Map.Entry<String, Object> entry : patch.entrySet()) {
      String key = entry.getKey();
      Object value = entry.getValue();
      Object current = target.get(key);
      if (key.startsWith("$patch")) {
        continue;
      }
      if (value == null) {
        target.remove(key);
      } else if (value instanceof Map && current instanceof Map) {
        apply((Map<String, Object>) current, (Map<String, Object>) value, builtIn);
      } else if (value instanceof List && current instanceof List && builtIn && named(value)) {
        target.put(key, mergeByName((List<Object>) current, (List<Object>) value));
      } else {
        target.put(key, copyWithoutNulls(value));
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static List<Object> mergeByName(List<Object> current, List<Object> patch) {
    List<Object> added = new ArrayList<>();
    List<Object> merged = new ArrayList<>();
    for (Object item : patch) {
      Map<String, Object> patchItem = (Map<String, Object>) item;
      boolean exists = current.stream().anyMatch(c -> sameName(c, patchItem));
      if (!exists && !"delete".equals(patchItem.get("$patch"))) {
        added.add(copyWithoutNulls(patchItem));
      }
    }
    for (Object item : current) {
      Map<String, Object> patchItem =
          patch.stream()
              .map(p -> (Map<String, Object>) p)
              .filter(p -> sameName(item, p))
              .findFirst()
              .orElse(null);
      if (patchItem == null) {
        merged.add(item);
      } else if (!"delete".equals(patchItem.get("$patch"))) {
        apply((Map<String, Object>) item, patchItem, true);
        merged.add(item);
      }
    }
    // Kustomize (kyaml) puts items that only the patch has in front of the existing ones
    added.addAll(merged);
    return added;
  }

  private static boolean named(Object list) {
    return ((List<?>) list)
        .stream().allMatch(i -> i instanceof Map<?, ?> m && m.get("name") != null);
  }

  private static boolean sameName(Object item, Map<String, Object> patchItem) {
    return item instanceof Map<?, ?> map && Objects.equals(map.get("name"), patchItem.get("name"));
  }

  @SuppressWarnings("unchecked")
  private static Object copyWithoutNulls(Object value) {
    if (value instanceof Map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      ((Map<String, Object>) value)
          .forEach(
              (k, v) -> {
                if (v != null && !k.startsWith("$patch")) {
                  copy.put(k, copyWithoutNulls(v));
                }
              });
      return copy;
    }
    if (value instanceof List) {
      List<Object> copy = new ArrayList<>();
      ((List<Object>) value).forEach(v -> copy.add(copyWithoutNulls(v)));
      return copy;
    }
    return value;
  }
}
