package io.equitoken.local;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * One installation's hold on its base dir while it runs: the {@link RunLock}, the marker every
 * child carries on its command line ({@code -Dequitoken.local.home=<base dir>}), the record of
 * every child started, and whether it is stopping. What a killed earlier run left is stopped when
 * the installation is claimed; what someone started by hand with a child's command line is stopped
 * with it ({@link #stopStrays}).
 */
final class Installation implements AutoCloseable {

  private final Path baseDir;
  private final RunLock lock;
  private final String marker;
  private final Consumer<String> report;
  private boolean closing;

  private Installation(Path baseDir, RunLock lock, Consumer<String> report) {
    this.baseDir = baseDir;
    this.lock = lock;
    this.marker = marker(baseDir);
    this.report = report;
  }

  /** The JVM option that marks a process as one of the installation in {@code baseDir}. */
  static String marker(Path baseDir) {
    return "-D" + ChildProcess.MARKER_PROPERTY + "=" + baseDir;
  }

  /**
   * Takes the base dir for this run and stops the processes a killed earlier run left behind.
   *
   * @throws AlreadyRunningException when another launcher runs on this base dir
   */
  static Installation claim(Path baseDir, Consumer<String> report) {
    RunLock lock =
        RunLock.tryAcquire(baseDir)
            .orElseThrow(() -> new AlreadyRunningException(baseDir, RunLock.recordedPid(baseDir)));
    Installation installation = new Installation(baseDir, lock, report);
    try {
      List<String> orphans = lock.stopOrphans(installation.marker + " ");
      if (!orphans.isEmpty()) {
        report.accept("  stopped processes left by a killed earlier run: " + orphans);
      }
    } catch (RuntimeException e) {
      lock.close();
      throw e;
    }
    return installation;
  }

  Path baseDir() {
    return baseDir;
  }

  /** The option to put on every child's command line. */
  String marker() {
    return marker;
  }

  /**
   * Records a child just started, so that a later run can stop it should this one be killed; once
   * the installation is stopping, stops the child instead and throws.
   */
  synchronized void register(ChildProcess child) {
    if (closing) {
      child.requestStop();
      child.awaitStop(5_000);
      throw new LaunchException("stopping", child.log(), List.of());
    }
    lock.recordChild(child);
  }

  /** From now on, waits for a start give up and a new child is stopped at once. */
  synchronized void beginClosing() {
    closing = true;
  }

  synchronized boolean closing() {
    return closing;
  }

  /**
   * Stops every process of this installation (its marker on the command line) but this JVM and
   * {@code keep} (the broker, stopped after the services): a service or broker someone restarted by
   * hand with the command line the launcher gave it is the installation's too, and must not outlive
   * it.
   */
  void stopStrays(long keep) {
    long self = ProcessHandle.current().pid();
    List<ProcessHandle> others =
        ProcessHandle.allProcesses()
            .filter(p -> p.pid() != self && p.pid() != keep)
            .filter(p -> p.info().commandLine().orElse("").contains(marker + " "))
            .toList();
    others.forEach(ProcessHandle::destroy);
    for (ProcessHandle other : others) {
      report.accept(
          "  stopped "
              + other.info().command().orElse("a process")
              + " (pid "
              + other.pid()
              + ") of this installation, not started by this launcher");
      RunLock.stopHandle(other, Duration.ofSeconds(30));
    }
  }

  /** Releases the base dir. */
  @Override
  public void close() {
    lock.close();
  }
}
