package io.equitoken.local;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Builds the service jars that are missing, once, before starting. */
final class Build {

  private Build() {}

  /** Modules that have sources but no jar yet. */
  static List<String> missing(Path project) {
    return Services.ALL.stream()
        .filter(s -> Files.isRegularFile(project.resolve(s.module()).resolve("pom.xml")))
        .filter(s -> Files.isDirectory(project.resolve(s.module()).resolve("src/main")))
        .filter(s -> !Files.isRegularFile(s.jar(project)))
        .map(ServiceDef::module)
        .toList();
  }

  static void buildMissing(Path project, PrintStream out) throws IOException, InterruptedException {
    List<String> missing = missing(project);
    if (missing.isEmpty()) {
      return;
    }
    List<String> command =
        new ArrayList<>(
            List.of(
                project.resolve("mvnw").toString(),
                "-B",
                "-q",
                "-DskipTests",
                "-Dquickly",
                "install",
                "-pl",
                String.join(",", missing),
                "-am"));
    out.println(
        "Building "
            + String.join(", ", missing)
            + ": "
            + String.join(" ", command.subList(1, command.size())));
    long started = System.nanoTime();
    int code =
        new ProcessBuilder(command).directory(project.toFile()).inheritIO().start().waitFor();
    double seconds = (System.nanoTime() - started) / 1e9;
    if (code == 0) {
      out.printf(Locale.ROOT, "Built in %.1f s%n", seconds);
    } else {
      out.printf(
          Locale.ROOT,
          "Build failed (exit %d after %.1f s); starting what is built, skipping the rest%n",
          code,
          seconds);
    }
  }
}
