package io.equitoken.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A service's jar extracted as Spring Boot documents for Class Data Sharing ({@code java
 * -Djarmode=tools -jar <jar> extract}), with its CDS archive beside it, cached in {@code
 * .local/cds/<module>/<key>/} where the key is the start of the jar's SHA-256: a rebuilt jar gets a
 * new directory (the old one is deleted), an unchanged one keeps its archive across runs.
 *
 * <p>The archive is made by a training run ({@link #trainingOptions()}: the context is refreshed,
 * then the JVM exits and writes the archive) when it is missing. A service always starts with
 * {@code -Xshare:auto} ({@link #startOptions()}): an archive the JVM cannot use — missing, made by
 * another JDK, for another jar, damaged — is ignored and the service starts the usual, slower way.
 */
final class ClassDataArchive {

  static final String ARCHIVE = "application.jsa";

  private final Path dir;
  private final Path jar;

  private ClassDataArchive(Path dir, Path jar) {
    this.dir = dir;
    this.jar = jar;
  }

  /**
   * The extracted form of {@code builtJar} under {@code cacheDir/<module>/<key>/}, extracted now if
   * it is not there yet; empty when the jar cannot be extracted (not a Spring Boot jar): the caller
   * then runs the jar itself.
   */
  static Optional<ClassDataArchive> prepare(String module, Path builtJar, Path cacheDir) {
    Path moduleDir = cacheDir.resolve(module);
    Path dir = moduleDir.resolve(key(builtJar));
    Path jar = dir.resolve(builtJar.getFileName());
    try {
      deleteOthers(moduleDir, dir);
      if (!Files.isRegularFile(jar)) {
        Path partial = moduleDir.resolve(dir.getFileName() + ".partial");
        deleteRecursively(partial);
        if (!extract(builtJar, partial, moduleDir.resolve("extract.log"))
            || !Files.isRegularFile(partial.resolve(builtJar.getFileName()))) {
          deleteRecursively(partial);
          return Optional.empty();
        }
        Files.move(partial, dir, StandardCopyOption.ATOMIC_MOVE);
      }
      return Optional.of(of(dir, jar));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** An archive's place: {@code jar} extracted in {@code dir}. */
  static ClassDataArchive of(Path dir, Path jar) {
    return new ClassDataArchive(dir, jar);
  }

  /** The first 16 hex digits of the jar's SHA-256. */
  static String key(Path jar) {
    try (InputStream in = Files.newInputStream(jar)) {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] buffer = new byte[1 << 16];
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        sha.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read " + jar + ": " + e.getMessage(), e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static boolean extract(Path builtJar, Path destination, Path log) throws IOException {
    Files.createDirectories(log.getParent());
    Process extract =
        new ProcessBuilder(
                java(),
                "-Djarmode=tools",
                "-jar",
                builtJar.toString(),
                "extract",
                "--destination",
                destination.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    try {
      if (!extract.waitFor(120, TimeUnit.SECONDS)) {
        extract.destroyForcibly();
        return false;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      extract.destroyForcibly();
      return false;
    }
    return extract.exitValue() == 0;
  }

  /** The extracted application jar to run ({@code java -jar}); its libraries are beside it. */
  Path jar() {
    return jar;
  }

  Path archive() {
    return dir.resolve(ARCHIVE);
  }

  /** Whether the archive has been made for this jar. */
  boolean hasArchive() {
    return Files.isRegularFile(archive());
  }

  /** JVM options of a start: the archive if there is one, and never a failure because of it. */
  List<String> startOptions() {
    return hasArchive()
        ? List.of("-XX:SharedArchiveFile=" + archive(), "-Xshare:auto")
        : List.of("-Xshare:auto");
  }

  /**
   * JVM options of the training run: the archive written at exit (under a temporary name, see
   * {@link #keepTraining()}), and Spring's exit once the context is refreshed — before the web
   * server or any consumer starts.
   */
  List<String> trainingOptions() {
    return List.of("-XX:ArchiveClassesAtExit=" + training(), "-Dspring.context.exit=onRefresh");
  }

  /**
   * After a training run that exited normally: makes its archive the one starts use. Answers
   * whether there was one.
   */
  boolean keepTraining() {
    try {
      if (!Files.isRegularFile(training())) {
        return false;
      }
      Files.move(
          training(),
          archive(),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Drops what a failed training run left. */
  void discardTraining() {
    try {
      Files.deleteIfExists(training());
    } catch (IOException e) {
      // left for the next training run to overwrite
    }
  }

  private Path training() {
    return dir.resolve(ARCHIVE + ".training");
  }

  private static void deleteOthers(Path moduleDir, Path keep) throws IOException {
    if (!Files.isDirectory(moduleDir)) {
      return;
    }
    try (Stream<Path> entries = Files.list(moduleDir)) {
      for (Path entry : entries.toList()) {
        if (Files.isDirectory(entry) && !entry.equals(keep)) {
          deleteRecursively(entry);
        }
      }
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
