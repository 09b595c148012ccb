package io.equitoken.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** YAML reading and navigation helpers; duplicate keys are an error, as they are for kubectl. */
final class Yamls {

  private Yamls() {}

  static List<Object> loadAll(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("missing file: " + file);
    }
    try {
      return parseAll(Files.readString(file), file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Object> parseAll(String text, String origin) {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    Yaml yaml = new Yaml(new SafeConstructor(options));
    List<Object> documents = new ArrayList<>();
    try {
      for (Object document : yaml.loadAll(text)) {
        if (document != null) {
          documents.add(document);
        }
      }
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("cannot parse " + origin + ": " + e.getMessage(), e);
    }
    return documents;
  }

  static Map<String, Object> loadMap(Path file) {
    List<Object> documents = loadAll(file);
    if (documents.size() != 1) {
      throw new IllegalArgumentException(file + " must hold exactly one YAML document");
    }
    return map(documents.get(0), file.toString());
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object value, String what) {
    if (!(value instanceof Map)) {
      throw new IllegalArgumentException(what + " is not a mapping: " + value);
    }
    return (Map<String, Object>) value;
  }

  /** The mapping under the given keys, or an empty map when any step is missing. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> mapAt(Map<String, Object> root, String... keys) {
    Object value = at(root, keys);
    return value instanceof Map ? (Map<String, Object>) value : Map.of();
  }

  /** The list under the given keys, or an empty list when any step is missing. */
  @SuppressWarnings("unchecked")
  static List<Object> listAt(Map<String, Object> root, String... keys) {
    Object value = at(root, keys);
    return value instanceof List ? (List<Object>) value : List.of();
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> mapsAt(Map<String, Object> root, String... keys) {
    List<Map<String, Object>> maps = new ArrayList<>();
    for (Object item : listAt(root, keys)) {
      if (item instanceof Map) {
        maps.add((Map<String, Object>) item);
      }
    }
    return maps;
  }

  static String stringAt(Map<String, Object> root, String... keys) {
    Object value = at(root, keys);
    return value == null ? null : String.valueOf(value);
  }

  /** The value under the given keys, or null when any step is missing. */
  static Object at(Map<String, Object> root, String... keys) {
    Object current = root;
    for (String key : keys) {
      if (!(current instanceof Map<?, ?> currentMap)) {
        return null;
      }
      current = currentMap.get(key);
    }
    return current;
  }

  static boolean isTrue(Object value) {
    return Objects.equals(value, Boolean.TRUE);
  }
}
