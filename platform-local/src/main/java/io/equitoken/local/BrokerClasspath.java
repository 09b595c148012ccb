package io.equitoken.local;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Kafka broker's classpath. The build writes the broker's jars (optional dependencies of this
 * module, so that users of platform-local do not inherit them) into {@code kafka-broker.classpath}
 * as paths in the local Maven repository; here each is found in, in order: the JVM's own classpath,
 * {@code lib/} beside the launcher jar ({@code ./equitoken up}), the Maven repository the launcher
 * jar itself came from, {@code -Dmaven.repo.local}, {@code ~/.m2/repository}.
 */
final class BrokerClasspath {

  static final String RESOURCE = "kafka-broker.classpath";
  private static final String REPO_PLACEHOLDER = "$M2/";

  private BrokerClasspath() {}

  static String resolve() {
    List<String> entries = entries();
    List<Path> roots = searchRoots();
    Map<String, Path> onClasspath = new LinkedHashMap<>();
    for (String element : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (element.endsWith(".jar")) {
        Path path = Path.of(element);
        onClasspath.putIfAbsent(path.getFileName().toString(), path);
      }
    }
    List<String> resolved = new ArrayList<>();
    for (String entry : entries) {
      String relative = entry.substring(REPO_PLACEHOLDER.length());
      String fileName = relative.substring(relative.lastIndexOf('/') + 1);
      Path found = onClasspath.get(fileName);
      if (found == null || !Files.isRegularFile(found)) {
        found = find(roots, relative, fileName);
      }
      resolved.add(found.toAbsolutePath().toString());
    }
    return String.join(File.pathSeparator, resolved);
  }

  static List<String> entries() {
    try (InputStream in = BrokerClasspath.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing: build platform-local with Maven");
      }
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
      List<String> entries = new ArrayList<>();
      for (String entry : text.split(";")) {
        if (!entry.startsWith(REPO_PLACEHOLDER)) {
          throw new IllegalStateException("unexpected entry in " + RESOURCE + ": " + entry);
        }
        entries.add(entry);
      }
      return entries;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path find(List<Path> roots, String relative, String fileName) {
    for (Path root : roots) {
      Path flat = root.resolve(fileName);
      if (Files.isRegularFile(flat)) {
        return flat;
      }
      Path layered = root.resolve(relative);
      if (Files.isRegularFile(layered)) {
        return layered;
      }
    }
    throw new IllegalStateException(
        "Kafka broker jar "
            + relative
            + " not found in "
            + roots
            + "; run ./mvnw -pl platform-local install (or dependency:resolve) first");
  }

  private static List<Path> searchRoots() {
    List<Path> roots = new ArrayList<>();
    codeSource()
        .ifPresent(
            source -> {
              Path dir = Files.isDirectory(source) ? source.getParent() : source.getParent();
              if (dir != null) {
                roots.add(dir.resolve("lib"));
              }
              String text = source.toString().replace('\\', '/');
              int at = text.indexOf("/io/equitoken/platform-local/");
              if (at > 0) {
                roots.add(Path.of(text.substring(0, at)));
              }
            });
    String repoLocal = System.getProperty("maven.repo.local");
    if (repoLocal != null && !repoLocal.isBlank()) {
      roots.add(Path.of(repoLocal));
    }
    roots.add(Path.of(System.getProperty("user.home"), ".m2", "repository"));
    return roots;
  }

  private static Optional<Path> codeSource() {
    try {
      var source = BrokerClasspath.class.getProtectionDomain().getCodeSource();
      return source == null
          ? Optional.empty()
          : Optional.of(Path.of(source.getLocation().toURI()).toAbsolutePath());
    } catch (URISyntaxException | SecurityException e) {
      return Optional.empty();
    }
  }
}
