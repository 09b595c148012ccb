package io.equitoken.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One running platform per base dir. The OS releases the file lock when the holder dies, so a
 * killed run never blocks the next one; the next one then stops the orphans that the killed run
 * left, which it finds in {@code run/children} and recognises by {@link
 * ChildProcess#MARKER_PROPERTY}.
 */
public final class RunLock implements AutoCloseable {

  private final Path runDir;
  private final FileChannel channel;
  private final FileLock lock;

  private RunLock(Path runDir, FileChannel channel, FileLock lock) {
    this.runDir = runDir;
    this.channel = channel;
    this.lock = lock;
  }

  /** The lock, or empty when another live launcher holds it. */
  public static Optional<RunLock> tryAcquire(Path baseDir) {
    Path runDir = baseDir.resolve("run");
    try {
      Files.createDirectories(runDir);
      FileChannel channel =
          FileChannel.open(
              runDir.resolve("launcher.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        channel.close();
        return Optional.empty();
      }
      RunLock runLock = new RunLock(runDir, channel, lock);
      Files.writeString(
          runDir.resolve("launcher.pid"),
          ProcessHandle.current().pid() + "\n",
          StandardCharsets.UTF_8);
      return Optional.of(runLock);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Pid of the launcher holding the lock, as it wrote it (may be stale when nobody holds it). */
  public static Optional<Long> recordedPid(Path baseDir) {
    try {
      return Optional.of(
          Long.parseLong(Files.readString(baseDir.resolve("run/launcher.pid")).trim()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  public synchronized void recordChild(ChildProcess child) {
    try {
      Files.writeString(
          runDir.resolve("children"),
          child.pid() + " " + child.name() + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Stops processes a killed earlier run left behind: only those whose command line carries this
   * base dir's marker, so a recycled pid is never touched. Returns what it stopped.
   */
  public List<String> stopOrphans(String marker) {
    Path children = runDir.resolve("children");
    List<String> stopped = new ArrayList<>();
    if (!Files.exists(children)) {
      return stopped;
    }
    try {
      for (String line : Files.readAllLines(children)) {
        String[] parts = line.trim().split(" ", 2);
        if (parts.length < 2) {
          continue;
        }
        Optional<ProcessHandle> handle = ProcessHandle.of(Long.parseLong(parts[0]));
        if (handle.isPresent()
            && handle.get().isAlive()
            && handle.get().info().commandLine().orElse("").contains(marker)) {
          stopHandle(handle.get(), Duration.ofSeconds(30));
          stopped.add(parts[1] + " (pid " + parts[0] + ")");
        }
      }
      Files.delete(children);
    } catch (IOException | NumberFormatException e) {
      throw new IllegalStateException("could not read " + children + ": " + e.getMessage(), e);
    }
    return stopped;
  }

  static void stopHandle(ProcessHandle handle, Duration grace) {
    handle.destroy();
    Instant deadline = Instant.now().plus(grace);
    while (handle.isAlive() && Instant.now().isBefore(deadline)) {
      sleep(200);
    }
    if (handle.isAlive()) {
      handle.destroyForcibly();
    }
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  @Override
  public void close() {
    try {
      Files.deleteIfExists(runDir.resolve("children"));
      Files.deleteIfExists(runDir.resolve("launcher.pid"));
      lock.release();
      channel.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
