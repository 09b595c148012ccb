package io.equitoken.deploy;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the repository root from the module's working directory. */
final class RepositoryRoot {

  private RepositoryRoot() {}

  static Path get() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      if (Files.isRegularFile(dir.resolve("docs/conventions.md"))
          && Files.isDirectory(dir.resolve("k8s"))) {
        return dir;
      }
      dir = dir.getParent();
    }
    throw new IllegalStateException(
        "repository root not found above " + Path.of("").toAbsolutePath());
  }
}
