package io.equitoken.deploy;

import static io.equitoken.deploy.Yamls.map;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The subset of Kustomize that Equitoken's k8s/ uses, so that tests can render every overlay
 * without a kustomize binary: {@code resources} (files and directories), {@code components}, {@code
 * namespace}, {@code patches} (strategic merge, from a file or inline, optionally with a kind/name
 * target) and {@code images}. Anything else in a kustomization is rejected rather than silently
 * ignored, so the tests cannot pass on a file they did not understand.
 */
final class KustomizeRenderer {

  private static final Set<String> SUPPORTED_FIELDS =
      Set.of(
          "apiVersion",
          "kind",
          "metadata",
          "resources",
          "components",
          "namespace",
          "patches",
          "images");
  private static final Set<String> CLUSTER_SCOPED_KINDS =
      Set.of(
          "Namespace",
          "ClusterRole",
          "ClusterRoleBinding",
          "CustomResourceDefinition",
          "PersistentVolume",
          "StorageClass",
          "PriorityClass");

  /** Renders the kustomization in {@code directory} into a list of resources. */
  List<Map<String, Object>> render(Path directory) {
    return build(directory, "Kustomization");
  }

  private List<Map<String, Object>> build(Path directory, String expectedKind) {
    Map<String, Object> kustomization = loadKustomization(directory, expectedKind);
    List<Map<String, Object>> resources = new ArrayList<>();
    for (String entry : strings(kustomization, "resources", directory)) {
      resources.addAll(loadResource(directory, entry));
    }
    requireUniqueIds(resources, directory);
    for (String entry : strings(kustomization, "components", directory)) {
      Path component = directory.resolve(entry).normalize();
      applyComponent(component, resources);
    }
    transform(kustomization, directory, resources);
    return resources;
  }

  private void applyComponent(Path component, List<Map<String, Object>> resources) {
    Map<String, Object> kustomization = loadKustomization(component, "Component");
    for (String entry : strings(kustomization, "resources", component)) {
      resources.addAll(loadResource(component, entry));
    }
    requireUniqueIds(resources, component);
    for (String entry : strings(kustomization, "components", component)) {
      applyComponent(component.resolve(entry).normalize(), resources);
    }
    transform(kustomization, component, resources);
  }

  private void transform(
      Map<String, Object> kustomization, Path directory, List<Map<String, Object>> resources) {
    for (Object patch : Yamls.listAt(kustomization, "patches")) {
      applyPatch(map(patch, "patch entry in " + directory), directory, resources);
    }
    for (Object image : Yamls.listAt(kustomization, "images")) {
      ImageTransformer.apply(map(image, "images entry in " + directory), resources);
    }
    Object namespace = kustomization.get("namespace");
    if (namespace != null) {
      for (Map<String, Object> resource : resources) {
        if (!CLUSTER_SCOPED_KINDS.contains(Resources.kind(resource))) {
          Resources.metadata(resource).put("namespace", String.valueOf(namespace));
        }
      }
    }
  }

  private Map<String, Object> loadKustomization(Path directory, String expectedKind) {
    if (!Files.isDirectory(directory)) {
      throw new IllegalArgumentException("missing directory: " + directory);
    }
    Path file =
        List.of("kustomization.yaml", "kustomization.yml", "Kustomization").stream()
            .map(directory::resolve)
            .filter(Files::isRegularFile)
            .findFirst()
            .orElseThrow(
                () -> new IllegalArgumentException("no kustomization file in " + directory));
    Map<String, Object> kustomization = Yamls.loadMap(file);
    Object kind = kustomization.getOrDefault("kind", "Kustomization");
    if (!expectedKind.equals(kind)) {
      throw new IllegalArgumentException(file + " is a " + kind + ", expected " + expectedKind);
    }
    for (String field : kustomization.keySet()) {
      if (!SUPPORTED_FIELDS.contains(field)) {
        throw new UnsupportedOperationException(
            "field '" + field + "' in " + file + " is not supported by the test renderer");
      }
    }
    return kustomization;
  }

  private List<Map<String, Object>> loadResource(Path directory, String entry) {
    if (entry.contains("://")) {
      throw new UnsupportedOperationException("remote resource " + entry + " in " + directory);
    }
    Path path = directory.resolve(entry).normalize();
    if (Files.isDirectory(path)) {
      return build(path, "Kustomization");
    }
    if (!Files.isRegularFile(path)) {
      throw new IllegalArgumentException(
          "resource '" + entry + "' listed in " + directory + " does not exist");
    }
    List<Map<String, Object>> resources = new ArrayList<>();
    for (Object document : Yamls.loadAll(path)) {
      Map<String, Object> resource = map(document, "document in " + path);
      if (Resources.kind(resource) == null || Resources.name(resource) == null) {
        throw new IllegalArgumentException("document without kind or metadata.name in " + path);
      }
      resources.add(resource);
    }
    return resources;
  }

  private void applyPatch(
      Map<String, Object> entry, Path directory, List<Map<String, Object>> resources) {
    List<Object> patches;
    if (entry.get("path") != null) {
      patches = Yamls.loadAll(directory.resolve(String.valueOf(entry.get("path"))));
    } else if (entry.get("patch") != null) {
      patches = Yamls.parseAll(String.valueOf(entry.get("patch")), "inline patch in " + directory);
    } else {
      throw new IllegalArgumentException("patch without path or patch in " + directory);
    }
    Map<String, Object> target = Yamls.mapAt(entry, "target");
    for (Object document : patches) {
      if (document instanceof List) {
        throw new UnsupportedOperationException(
            "JSON 6902 patches are not supported by the test renderer (" + directory + ")");
      }
      Map<String, Object> patch = map(document, "patch in " + directory);
      List<Map<String, Object>> matches =
          resources.stream().filter(r -> matches(r, patch, target)).toList();
      if (matches.isEmpty()) {
        throw new IllegalArgumentException(
            "no resource matches patch "
                + Resources.kind(patch)
                + "/"
                + Resources.name(patch)
                + " in "
                + directory);
      }
      for (Map<String, Object> resource : matches) {
        Map<String, Object> effective = new LinkedHashMap<>(patch);
        if (!target.isEmpty()) {
          effective.put("metadata", new LinkedHashMap<>(Resources.metadata(resource)));
        }
        StrategicMerge.apply(resource, effective, StrategicMerge.isBuiltIn(resource));
      }
    }
  }

  private static boolean matches(
      Map<String, Object> resource, Map<String, Object> patch, Map<String, Object> target) {
    if (target.isEmpty()) {
      return Objects.equals(Resources.kind(resource), Resources.kind(patch))
          && Objects.equals(Resources.name(resource), Resources.name(patch));
    }
    if (target.containsKey("labelSelector") || target.containsKey("annotationSelector")) {
      throw new UnsupportedOperationException("patch target selectors are not supported");
    }
    return (target.get("kind") == null
            || Objects.equals(target.get("kind"), Resources.kind(resource)))
        && (target.get("name") == null
            || Resources.name(resource).matches(String.valueOf(target.get("name"))));
  }

  private static void requireUniqueIds(List<Map<String, Object>> resources, Path where) {
    Set<String> seen = new java.util.HashSet<>();
    for (Map<String, Object> resource : resources) {
      if (!seen.add(Resources.id(resource))) {
        throw new IllegalArgumentException(
            "duplicate resource " + Resources.id(resource) + " under " + where);
      }
    }
  }

  private static List<String> strings(Map<String, Object> kustomization, String field, Path dir) {
    List<String> values = new ArrayList<>();
    for (Object value : Yamls.listAt(kustomization, field)) {
      if (!(value instanceof String string)) {
        throw new IllegalArgumentException(field + " entries must be strings in " + dir);
      }
      values.add(string);
    }
    return values;
  }
}
