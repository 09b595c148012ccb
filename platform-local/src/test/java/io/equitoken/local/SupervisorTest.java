package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SupervisorTest {

  private static final RestartPolicy QUICK =
      new RestartPolicy(2, Duration.ofMillis(10), Duration.ofMillis(40), Duration.ofHours(1));

  @TempDir Path run;

  private final List<String> reported = Collections.synchronizedList(new ArrayList<>());

  /** A process that exits when told to. */
  private static final class FakeProcess implements Supervisor.Supervised {
    private static final AtomicInteger PIDS = new AtomicInteger(1000);
    final long pid = PIDS.incrementAndGet();
    final CompletableFuture<Integer> exit = new CompletableFuture<>();

    @Override
    public long pid() {
      return pid;
    }

    @Override
    public CompletableFuture<Integer> exited() {
      return exit;
    }

    @Override
    public List<String> tail(int lines) {
      return List.of("line before the end of " + pid, "last line of " + pid);
    }
  }

  @Test
  void shouldReportAnExitAtOnceAndRestartTheProcess() {
    // given a supervised process
    List<FakeProcess> started = Collections.synchronizedList(new ArrayList<>());
    FakeProcess first = new FakeProcess();
    try (Supervisor supervisor = new Supervisor(QUICK, reported::add, run)) {
      supervisor.supervise(
          "trading-service",
          first,
          () -> {
            FakeProcess next = new FakeProcess();
            started.add(next);
            return next;
          });

      // when it dies
      first.exit.complete(137);

      // then the exit is reported, a new process started, and status shows the restart
      await(() -> started.size() == 1);
      await(() -> Supervisor.read(run).get("trading-service").restarts() == 1);
      assertThat(reported.get(0))
          .contains("trading-service", "pid " + first.pid, "exited with code 137", "restarting");
      Supervisor.Status status = Supervisor.read(run).get("trading-service");
      assertThat(status.pid()).isEqualTo(started.get(0).pid);
      assertThat(status.state()).isEqualTo(Supervisor.State.RUNNING);
      assertThat(supervisor.current()).containsExactly(started.get(0));
    }
  }

  @Test
  void shouldLeaveAProcessDownWithItsLogTailAfterTheLastRestart() {
    // given a process that dies at once every time it is started
    AtomicInteger restarts = new AtomicInteger();
    FakeProcess first = new FakeProcess();
    try (Supervisor supervisor = new Supervisor(QUICK, reported::add, run)) {
      supervisor.supervise(
          "portfolio-service",
          first,
          () -> {
            restarts.incrementAndGet();
            FakeProcess next = new FakeProcess();
            next.exit.complete(1);
            return next;
          });

      // when the first one dies too
      first.exit.complete(1);

      // then it is restarted as often as the policy allows, then left down with its log's end
      await(() -> Supervisor.read(run).get("portfolio-service").state() == Supervisor.State.DOWN);
      assertThat(restarts).hasValue(2);
      assertThat(Supervisor.read(run).get("portfolio-service").restarts()).isEqualTo(2);
      assertThat(reported).anyMatch(line -> line.contains("left down after 2 restarts in a row"));
      assertThat(reported.get(reported.size() - 1)).contains("| last line of");
      assertThat(Main.supervision(Supervisor.read(run).get("portfolio-service")))
          .contains("left down after 2 restarts");
    }
  }

  @Test
  void shouldRestartNothingOnceClosed() throws Exception {
    // given a supervised process
    AtomicInteger restarts = new AtomicInteger();
    FakeProcess first = new FakeProcess();
    Supervisor supervisor = new Supervisor(QUICK, reported::add, run);
    supervisor.supervise(
        "webhook-service",
        first,
        () -> {
          restarts.incrementAndGet();
          return new FakeProcess();
        });

    // when the platform shuts down and then the process exits
    supervisor.close();
    first.exit.complete(143);
    TimeUnit.MILLISECONDS.sleep(200);

    // then that is not a crash: nothing is reported or restarted, and status is gone
    assertThat(restarts).hasValue(0);
    assertThat(reported).isEmpty();
    assertThat(Files.exists(run.resolve(Supervisor.STATUS_FILE))).isFalse();
  }

  @Test
  void shouldRestartARealChildProcessThatWasKilled() throws Exception {
    // given a real child process under supervision
    Path log = run.resolve("sleeper.log");
    List<String> command = List.of("sleep", "60");
    ChildProcess first = ChildProcess.start("sleeper", command, Map.of(), run, log);
    List<ChildProcess> restarted = Collections.synchronizedList(new ArrayList<>());
    try (Supervisor supervisor = new Supervisor(QUICK, reported::add, run)) {
      supervisor.supervise(
          "sleeper",
          first,
          () -> {
            ChildProcess next = ChildProcess.start("sleeper", command, Map.of(), run, log);
            restarted.add(next);
            return next;
          });

      // when it is killed
      ProcessHandle.of(first.pid()).orElseThrow().destroyForcibly();

      // then a new, live process takes its place
      await(() -> restarted.size() == 1);
      assertThat(restarted.get(0).isAlive()).isTrue();
      assertThat(restarted.get(0).pid()).isNotEqualTo(first.pid());
      assertThat(reported.get(0)).contains("sleeper", "exited with code 137");
    } finally {
      restarted.forEach(
          child -> {
            child.requestStop();
            child.awaitStop(5_000);
          });
      first.awaitStop(1_000);
    }
  }

  private static void await(BooleanSupplier condition) {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("condition met within 10 s").isLessThan(deadline);
      try {
        TimeUnit.MILLISECONDS.sleep(10);
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
