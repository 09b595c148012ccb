package io.equitoken.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Watches the processes of a running platform: one that exits is reported at once and restarted
 * according to a {@link RestartPolicy}; once the policy gives up it is left down and the last lines
 * of its log are printed. Every change is written to {@code run/services.status} (one line per
 * process: name, pid, restarts, state), which {@code ./equitoken status} reads.
 */
final class Supervisor implements AutoCloseable {

  /** A process under supervision. */
  interface Supervised {
    long pid();

    /** Completes with the exit code when the process ends. */
    CompletableFuture<Integer> exited();

    List<String> tail(int lines);
  }

  /** Starts a process again; throws when it cannot. */
  interface Restart {
    Supervised start();
  }

  /** What {@code ./equitoken status} shows of a process. */
  enum State {
    RUNNING,
    RESTARTING,
    DOWN
  }

  record Status(String name, long pid, int restarts, State state) {
    String line() {
      return name + " " + pid + " " + restarts + " " + state.name().toLowerCase();
    }

    static Optional<Status> parse(String line) {
      String[] parts = line.trim().split(" ");
      if (parts.length != 4) {
        return Optional.empty();
      }
      try {
        return Optional.of(
            new Status(
                parts[0],
                Long.parseLong(parts[1]),
                Integer.parseInt(parts[2]),
                State.valueOf(parts[3].toUpperCase())));
      } catch (IllegalArgumentException e) {
        return Optional.empty();
      }
    }
  }

  static final String STATUS_FILE = "services.status";
  static final int TAIL_LINES = 30;

  private final RestartPolicy policy;
  private final Consumer<String> report;
  private final Path statusFile;
  private final LongSupplier nanoTime;
  private final ScheduledExecutorService scheduler;
  private final Map<String, Watched> watched = new LinkedHashMap<>();
  private boolean closed;

  private static final class Watched {
    final Restart restart;
    Supervised current;
    long startedNanos;
    int restarts;
    int inARow;
    State state = State.RUNNING;

    Watched(Restart restart) {
      this.restart = restart;
    }
  }

  Supervisor(RestartPolicy policy, Consumer<String> report, Path runDir) {
    this(policy, report, runDir, System::nanoTime);
  }

  Supervisor(RestartPolicy policy, Consumer<String> report, Path runDir, LongSupplier nanoTime) {
    this.policy = policy;
    this.report = report;
    this.statusFile = runDir.resolve(STATUS_FILE);
    this.nanoTime = nanoTime;
    this.scheduler =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "platform-local-supervisor");
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Watches {@code process} (already started) under {@code name}; {@code restart} starts another.
   */
  synchronized void supervise(String name, Supervised process, Restart restart) {
    Watched w = new Watched(restart);
    watched.put(name, w);
    watch(name, w, process);
    writeStatus();
  }

  private void watch(String name, Watched w, Supervised process) {
    w.current = process;
    w.startedNanos = nanoTime.getAsLong();
    w.state = State.RUNNING;
    process.exited().thenAccept(code -> scheduler.execute(() -> exited(name, w, process, code)));
  }

  private synchronized void exited(String name, Watched w, Supervised process, int code) {
    if (closed || w.current != process) {
      return;
    }
    Duration ran = Duration.ofNanos(nanoTime.getAsLong() - w.startedNanos);
    w.inARow = policy.inARowAfter(w.inARow, ran);
    Optional<Duration> delay = policy.delayBefore(w.inARow);
    String died =
        "  ✗ "
            + name
            + " (pid "
            + process.pid()
            + ") exited with code "
            + code
            + " after "
            + ran.toSeconds()
            + " s";
    if (delay.isEmpty()) {
      w.state = State.DOWN;
      report.accept(
          died + "; left down after " + w.inARow + " restarts in a row. Last lines of its log:");
      process.tail(TAIL_LINES).forEach(line -> report.accept("    | " + line));
    } else {
      w.state = State.RESTARTING;
      report.accept(
          died
              + "; restarting in "
              + seconds(delay.get())
              + " (restart "
              + (w.inARow + 1)
              + " of at most "
              + policy.maxRestarts()
              + " in a row)");
      scheduler.schedule(() -> restart(name, w), delay.get().toMillis(), TimeUnit.MILLISECONDS);
    }
    writeStatus();
  }

  private synchronized void restart(String name, Watched w) {
    if (closed) {
      return;
    }
    w.inARow++;
    w.restarts++;
    Supervised next;
    try {
      next = w.restart.start();
    } catch (RuntimeException e) {
      report.accept("  ✗ " + name + " could not be restarted: " + e.getMessage());
      Supervised failed = new Failed(w.current);
      watch(name, w, failed);
      return;
    }
    report.accept(
        "  ↻ " + name + " restarted (pid " + next.pid() + ", restart " + w.restarts + ")");
    watch(name, w, next);
    writeStatus();
  }

  /** Stands for a restart that failed to start: "exits" at once, as a crashed start would. */
  private record Failed(Supervised previous) implements Supervised {
    @Override
    public long pid() {
      return -1;
    }

    @Override
    public CompletableFuture<Integer> exited() {
      return CompletableFuture.completedFuture(-1);
    }

    @Override
    public List<String> tail(int lines) {
      return previous.tail(lines);
    }
  }

  /** The processes being watched now (restarted ones included), in supervision order. */
  synchronized List<Supervised> current() {
    List<Supervised> all = new ArrayList<>();
    watched.values().forEach(w -> all.add(w.current));
    return all;
  }

  synchronized List<Status> statuses() {
    List<Status> all = new ArrayList<>();
    watched.forEach((name, w) -> all.add(new Status(name, w.current.pid(), w.restarts, w.state)));
    return all;
  }

  /** What a platform's supervisor wrote last, for {@code ./equitoken status}. */
  static Map<String, Status> read(Path runDir) {
    Map<String, Status> all = new LinkedHashMap<>();
    try {
      for (String line : Files.readAllLines(runDir.resolve(STATUS_FILE))) {
        Status.parse(line).ifPresent(s -> all.put(s.name(), s));
      }
    } catch (IOException e) {
      // no supervisor has written anything yet
    }
    return all;
  }

  private void writeStatus() {
    StringBuilder text = new StringBuilder();
    statuses().forEach(s -> text.append(s.line()).append('\n'));
    try {
      Files.createDirectories(statusFile.getParent());
      Path temp = statusFile.resolveSibling(STATUS_FILE + ".tmp");
      Files.writeString(temp, text, StandardCharsets.UTF_8);
      Files.move(
          temp, statusFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      report.accept("  (could not write " + statusFile + ": " + e.getMessage() + ")");
    }
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  /** Stops watching: from now on an exit is expected (shutdown) and nothing is restarted. */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    scheduler.shutdownNow();
    try {
      Files.deleteIfExists(statusFile);
    } catch (IOException e) {
      // best effort: status reads a stale file only while the lock says "not running"
    }
  }
}
