package io.equitoken.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A process the launcher started, with its output appended to one log file.
 *
 * <p>It runs in its own session ({@code setsid}, where available) so that Ctrl-C in the terminal
 * reaches only the launcher, which then stops its children in order instead of all at once.
 */
public final class ChildProcess implements Supervisor.Supervised {

  /** System property on every child JVM, so a later run can recognise orphans of this base dir. */
  public static final String MARKER_PROPERTY = "equitoken.local.home";

  private static final Path SETSID = findSetsid();

  private final String name;
  private final Process process;
  private final Path log;

  private ChildProcess(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  public static ChildProcess start(
      String name, List<String> command, Map<String, String> env, Path workDir, Path log) {
    List<String> full = new ArrayList<>();
    if (SETSID != null) {
      full.add(SETSID.toString());
    }
    full.addAll(command);
    try {
      Files.createDirectories(log.getParent());
      ProcessBuilder builder =
          new ProcessBuilder(full)
              .directory(workDir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
      builder.environment().putAll(env);
      return new ChildProcess(name, builder.start(), log);
    } catch (IOException e) {
      throw new UncheckedIOException("could not start " + name + ": " + e.getMessage(), e);
    }
  }

  /** Marks in a process's log where this start of it begins. */
  static void writeHeader(Path log, String name) {
    try {
      Files.createDirectories(log.getParent());
      Files.writeString(
          log,
          "==== " + name + " started by platform-local at " + Instant.now() + " ====\n",
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public String name() {
    return name;
  }

  @Override
  public long pid() {
    return process.pid();
  }

  @Override
  public java.util.concurrent.CompletableFuture<Integer> exited() {
    return process.onExit().thenApply(Process::exitValue);
  }

  public Path log() {
    return log;
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public int exitValue() {
    return process.exitValue();
  }

  public boolean waitFor(long millis) throws InterruptedException {
    return process.waitFor(millis, TimeUnit.MILLISECONDS);
  }

  /** SIGTERM (graceful for Spring Boot and Kafka). */
  public void requestStop() {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
  }

  /** Waits for a graceful exit, then kills; returns whether it stopped by itself. */
  public boolean awaitStop(long graceMillis) {
    boolean graceful;
    try {
      graceful = process.waitFor(graceMillis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      graceful = false;
    }
    if (!graceful) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      try {
        process.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return graceful;
  }

  @Override
  public List<String> tail(int lines) {
    return tail(log, lines);
  }

  public static List<String> tail(Path file, int lines) {
    if (!Files.exists(file)) {
      return List.of();
    }
    try {
      List<String> all =
          new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
      return all.subList(Math.max(0, all.size() - lines), all.size());
    } catch (IOException e) {
      return List.of("(could not read " + file + ": " + e.getMessage() + ")");
    }
  }

  private static java.io.File nullDevice() {
    return new java.io.File("/dev/null");
  }

  private static Path findSetsid() {
    for (String candidate : List.of("/usr/bin/setsid", "/bin/setsid")) {
      Path path = Path.of(candidate);
      if (Files.isExecutable(path)) {
        return path;
      }
    }
    return null;
  }
}
