package io.equitoken.local;

import io.equitoken.local.ServiceLauncher.Launched;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The installation's services: every built one started, a few at a time, and reported in order once
 * healthy; one started again when the supervisor asks; all stopped at once. A service whose jar is
 * not built is skipped and named.
 */
final class ServiceFleet {

  private final Path projectDir;
  private final PortPlan ports;
  private final ServiceLauncher launcher;
  private final int parallelStarts;
  private final Progress progress;
  private final BooleanSupplier closing;
  private final List<ChildProcess> started = new CopyOnWriteArrayList<>();
  private final List<String> skipped = new CopyOnWriteArrayList<>();

  /**
   * @param parallelStarts how many services start at once
   * @param closing whether the installation is stopping (a hanging restart is then not reported)
   */
  ServiceFleet(
      Path projectDir,
      PortPlan ports,
      ServiceLauncher launcher,
      int parallelStarts,
      Progress progress,
      BooleanSupplier closing) {
    this.projectDir = projectDir;
    this.ports = ports;
    this.launcher = launcher;
    this.parallelStarts = parallelStarts;
    this.progress = progress;
    this.closing = closing;
  }

  /** The ports of the services that will start (those built). */
  List<Integer> ports() {
    return Services.ALL.stream()
        .filter(s -> Files.isRegularFile(s.jar(projectDir)))
        .map(ports::port)
        .toList();
  }

  /**
   * Starts the services {@code parallelStarts} at a time: a service's start-up is mostly one
   * thread's work plus waits on PostgreSQL and Kafka, so overlapping a few uses the cores that one
   * start leaves idle. Each is reported, in order, once it is healthy.
   *
   * @throws LaunchException when one exits or is not healthy in time
   */
  void startAll() {
    inWaves(Services.ALL, parallelStarts, this::launch, this::awaitHealthy);
  }

  /**
   * Launches {@code items} in order, keeping at most {@code atOnce} launched and not yet awaited,
   * and awaits them in launch order; an item {@code launch} answers empty for is passed over.
   */
  static <T, L> void inWaves(
      List<T> items, int atOnce, Function<T, Optional<L>> launch, Consumer<L> await) {
    Deque<L> starting = new ArrayDeque<>();
    for (T item : items) {
      launch.apply(item).ifPresent(starting::add);
      if (starting.size() >= atOnce) {
        await.accept(starting.removeFirst());
      }
    }
    while (!starting.isEmpty()) {
      await.accept(starting.removeFirst());
    }
  }

  /**
   * Starts a service that died again, for the supervisor: answers the new process at once and
   * reports in the background when it is healthy (a hanging start is reported too; an exit is the
   * supervisor's to report).
   *
   * @throws LaunchException when its jar is not built any more
   */
  ChildProcess restart(ServiceDef service) {
    Launched launched =
        launch(service)
            .orElseThrow(
                () ->
                    new LaunchException(
                        service.jar(projectDir) + " is not built any more", null, List.of()));
    Thread health =
        new Thread(
            () -> {
              try {
                launcher.awaitHealthy(launched);
                progress.info(
                    String.format(
                        Locale.ROOT,
                        "  ✓ %s healthy again after %.1f s",
                        service.module(),
                        (System.nanoTime() - launched.launchedAt()) / 1e9));
              } catch (LaunchException e) {
                if (launched.child().isAlive() && !closing.getAsBoolean()) {
                  progress.info("  ✗ " + e.getMessage());
                }
              }
            },
            "platform-local-health-" + service.module());
    health.setDaemon(true);
    health.start();
    return launched.child();
  }

  private Optional<Launched> launch(ServiceDef service) {
    Optional<Launched> launched = launcher.launch(service);
    if (launched.isEmpty()) {
      skipped.add(service.module());
      progress.info(
          "  ▸ "
              + service.module()
              + " skipped: "
              + projectDir.relativize(service.jar(projectDir))
              + " not built");
    }
    launched.ifPresent(l -> started.add(l.child()));
    return launched;
  }

  private void awaitHealthy(Launched launched) {
    Progress.Step step =
        progress.step(
            launched.service().module() + " on " + ports.url(launched.service()),
            launched.launchedAt());
    try {
      launcher.awaitHealthy(launched);
    } catch (RuntimeException e) {
      step.failed(e.getMessage());
      throw e;
    }
    step.done("healthy");
  }

  /** Every service process started so far (restarts included), in start order. */
  List<ChildProcess> started() {
    return List.copyOf(started);
  }

  /** Modules running now, in start order. */
  List<String> running() {
    return started.stream().filter(ChildProcess::isAlive).map(ChildProcess::name).toList();
  }

  /** Modules not started because their jar is not built. */
  List<String> skipped() {
    return List.copyOf(skipped);
  }

  /** Pids of the live service processes. */
  List<Long> livePids() {
    return started.stream().filter(ChildProcess::isAlive).map(ChildProcess::pid).toList();
  }

  /** Asks every service to stop (SIGTERM, all at once), then waits up to 30 s for each. */
  void stop() {
    List<ChildProcess> toStop = new ArrayList<>(started);
    for (ChildProcess service : toStop) {
      service.requestStop();
    }
    for (ChildProcess service : toStop) {
      service.awaitStop(30_000);
    }
  }
}
