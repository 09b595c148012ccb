package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive's life on real JVMs: made by a training run, used by the next start, and — missing,
 * stale (the jar changed) or damaged — never in the way of a start.
 */
class ClassDataArchiveTest {

  @TempDir Path dir;

  @Test
  void shouldStartFromTheArchiveATrainingRunMade() throws Exception {
    ClassDataArchive archive = archiveOf(jar(dir.resolve("app"), "one"));
    assertThat(archive.hasArchive()).isFalse();
    assertThat(archive.startOptions()).containsExactly("-Xshare:auto");

    // a training run, then the archive kept
    assertThat(run(archive.trainingOptions(), archive.jar()).exit()).isZero();
    assertThat(archive.keepTraining()).isTrue();

    // the JVM maps it (-Xshare:on fails a start whose archive cannot be used)
    assertThat(archive.startOptions())
        .containsExactly("-XX:SharedArchiveFile=" + archive.archive(), "-Xshare:auto");
    assertThat(run(onlyShare(archive), archive.jar())).isEqualTo(new Run(0, "started one"));
  }

  @Test
  void shouldStartWithoutTheArchiveWhenItIsStaleOrDamaged() throws Exception {
    ClassDataArchive archive = archiveOf(jar(dir.resolve("app"), "one"));
    run(archive.trainingOptions(), archive.jar());
    assertThat(archive.keepTraining()).isTrue();

    // the jar changes under the archive: the JVM would refuse it, and starts without it
    jar(dir.resolve("app"), "two, longer");
    Files.copy(
        dir.resolve("app/app.jar"),
        archive.jar(),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    assertThat(run(onlyShare(archive), archive.jar()).exit())
        .as("stale with -Xshare:on")
        .isNotZero();
    assertThat(run(archive.startOptions(), archive.jar()))
        .isEqualTo(new Run(0, "started two, longer"));

    // a damaged archive: the same
    Files.writeString(archive.archive(), "not an archive");
    assertThat(run(archive.startOptions(), archive.jar()))
        .isEqualTo(new Run(0, "started two, longer"));

    // and a missing one
    Files.delete(archive.archive());
    assertThat(run(archive.startOptions(), archive.jar()))
        .isEqualTo(new Run(0, "started two, longer"));
  }

  @Test
  void shouldKeyTheExtractedJarByItsContent() throws Exception {
    Path jar = jar(dir.resolve("app"), "one");
    String first = ClassDataArchive.key(jar);

    assertThat(ClassDataArchive.key(jar)).isEqualTo(first).hasSize(16);
    jar(dir.resolve("app"), "two");
    assertThat(ClassDataArchive.key(jar)).isNotEqualTo(first);
  }

  @Test
  void shouldAnswerEmptyForAJarSpringBootCannotExtract() throws Exception {
    Path jar = jar(dir.resolve("app"), "one");

    assertThat(ClassDataArchive.prepare("plain", jar, dir.resolve("cds"))).isEmpty();
    try (var left = Files.list(dir.resolve("cds/plain"))) {
      assertThat(left.map(p -> p.getFileName().toString())).containsExactly("extract.log");
    }
  }

  /** The archive's place for a jar, filled as extraction would (the jar and its libraries). */
  private ClassDataArchive archiveOf(Path builtJar) throws IOException {
    Path extracted = dir.resolve("cds/app").resolve(ClassDataArchive.key(builtJar));
    Files.createDirectories(extracted);
    Files.copy(builtJar, extracted.resolve("app.jar"));
    return ClassDataArchive.of(extracted, extracted.resolve("app.jar"));
  }

  private static List<String> onlyShare(ClassDataArchive archive) {
    return List.of("-XX:SharedArchiveFile=" + archive.archive(), "-Xshare:on");
  }

  record Run(int exit, String output) {}

  private static Run run(List<String> options, Path jar) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(options);
    command.addAll(List.of("-Xlog:disable", "-Xlog:all=off", "-jar", jar.toString()));
    Process java = new ProcessBuilder(command).redirectErrorStream(true).start();
    assertThat(java.waitFor(60, TimeUnit.SECONDS)).as("%s ended", command).isTrue();
    return new Run(
        java.exitValue(),
        new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
  }

  /** {@code <dir>/app.jar}, running {@link Greeter} with {@code words}. */
  private static Path jar(Path dir, String words) throws IOException {
    Files.createDirectories(dir);
    Path jar = dir.resolve("app.jar");
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Greeter.class.getName());
    String path = Greeter.class.getName().replace('.', '/') + ".class";
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file, manifest)) {
      out.putNextEntry(new JarEntry(path));
      try (var in = Greeter.class.getClassLoader().getResourceAsStream(path)) {
        in.transferTo(out);
      }
      out.putNextEntry(new JarEntry("words.txt"));
      out.write(words.getBytes(StandardCharsets.UTF_8));
    }
    return jar;
  }

  /** The program in the jar: prints "started" and the words it was built with. */
  public static final class Greeter {
    public static void main(String[] args) throws IOException {
      try (var in = Greeter.class.getResourceAsStream("/words.txt")) {
        System.out.println("started " + new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
    }
  }
}
