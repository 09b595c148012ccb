package io.equitoken.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Starts one service as a child process of this installation — its extracted jar and class data
 * archive (made when missing), its environment, its log — and waits until it reports UP. {@link
 * ServiceFleet} decides which services start, in which order, and {@link Supervisor} what happens
 * when one dies.
 */
final class ServiceLauncher {

  /** A service process started and not yet reported healthy. */
  record Launched(ServiceDef service, ChildProcess child, long launchedAt) {}

  /**
   * No hsperfdata file: the JVM's performance counters cost an idle JVM about 0.3 ms of CPU per
   * second (half its own idle cost), paid by every process of the platform. {@code jcmd <pid>} and
   * JFR still work; {@code jps} and {@code jstat} no longer list the process.
   */
  static final String NO_PERF_DATA = "-XX:-UsePerfData";

  private final Path projectDir;
  private final Path baseDir;
  private final PortPlan ports;
  private final Path tlsDir;
  private final LocalSecrets secrets;
  private final String marker;
  private final Duration healthBudget;
  private final boolean classDataSharing;
  private final Consumer<ChildProcess> register;
  private final BooleanSupplier closing;

  /**
   * @param healthBudget how long a service may take to report UP, from its launch
   * @param classDataSharing whether to start from an extracted jar and its archive (made when
   *     missing) instead of a copy of the jar
   * @param register records a started child with the installation (throws when it is closing)
   * @param closing whether the installation is stopping (waits give up)
   */
  ServiceLauncher(
      Path projectDir,
      Path baseDir,
      PortPlan ports,
      Path tlsDir,
      LocalSecrets secrets,
      String marker,
      Duration healthBudget,
      boolean classDataSharing,
      Consumer<ChildProcess> register,
      BooleanSupplier closing) {
    this.projectDir = projectDir;
    this.baseDir = baseDir;
    this.ports = ports;
    this.tlsDir = tlsDir;
    this.secrets = secrets;
    this.marker = marker;
    this.healthBudget = healthBudget;
    this.classDataSharing = classDataSharing;
    this.register = register;
    this.closing = closing;
  }

  /**
   * Starts the service, or answers empty when its jar is not built. With class data sharing it runs
   * from its extracted jar and archive ({@link ClassDataArchive}); when the archive for this jar is
   * missing, a training run makes it first (about one more start, once per build of the jar).
   * Without, or when the jar cannot be extracted, it runs a copy of the jar.
   */
  Optional<Launched> launch(ServiceDef service) {
    Path jar = service.jar(projectDir);
    if (!Files.isRegularFile(jar)) {
      return Optional.empty();
    }
    Path log = baseDir.resolve("logs").resolve(service.module() + ".log");
    Map<String, String> environment = ServiceEnvironment.of(service, ports, tlsDir, secrets);
    List<String> command = new ArrayList<>(List.of(java(), "-Xmx384m", NO_PERF_DATA, marker));
    Optional<ClassDataArchive> extracted =
        classDataSharing
            ? ClassDataArchive.prepare(service.module(), jar, baseDir.resolve("cds"))
            : Optional.empty();
    if (extracted.isPresent()) {
      ClassDataArchive archive = extracted.get();
      if (!archive.hasArchive()) {
        train(service, archive, environment, log);
      }
      command.addAll(archive.startOptions());
      command.addAll(List.of("-jar", archive.jar().toString()));
    } else {
      command.addAll(List.of("-jar", snapshot(jar, service).toString()));
    }
    long launchedAt = System.nanoTime();
    ChildProcess.writeHeader(log, service.module());
    ChildProcess child =
        ChildProcess.start(service.module(), command, environment, projectDir, log);
    register.accept(child);
    return Optional.of(new Launched(service, child, launchedAt));
  }

  /**
   * The training run that makes the service's archive: its own command line and environment, plus
   * {@link ClassDataArchive#trainingOptions()}; bounded by the health budget. When it fails the
   * service starts without an archive and the next start tries again.
   */
  private void train(
      ServiceDef service, ClassDataArchive archive, Map<String, String> environment, Path log) {
    ChildProcess.writeHeader(log, service.module() + " training run for its class data archive");
    List<String> command = new ArrayList<>(List.of(java(), "-Xmx384m", NO_PERF_DATA, marker));
    command.addAll(archive.trainingOptions());
    command.addAll(List.of("-jar", archive.jar().toString()));
    ChildProcess training =
        ChildProcess.start(service.module() + "-training", command, environment, projectDir, log);
    register.accept(training);
    long deadline = System.nanoTime() + healthBudget.toNanos();
    while (training.isAlive() && System.nanoTime() - deadline < 0 && !closing.getAsBoolean()) {
      RunLock.sleep(200);
    }
    if (training.isAlive()) {
      training.requestStop();
      training.awaitStop(10_000);
    }
    if (training.isAlive() || training.exitValue() != 0 || !archive.keepTraining()) {
      archive.discardTraining();
    }
  }

  /**
   * Waits until the service reports UP, at most the health budget from its launch.
   *
   * @throws LaunchException when it exits, or is not healthy in time, with its log's tail
   */
  void awaitHealthy(Launched launched) {
    ServiceDef service = launched.service();
    ChildProcess child = launched.child();
    HealthProbe probe = new HealthProbe();
    long deadline = launched.launchedAt() + healthBudget.toNanos();
    String url = ports.healthUrl(service);
    while (!probe.isUp(url)) {
      if (!child.isAlive()) {
        throw new LaunchException(
            service.module() + " exited with code " + child.exitValue(),
            child.log(),
            child.tail(30));
      }
      if (System.nanoTime() - deadline > 0 || closing.getAsBoolean()) {
        throw new LaunchException(
            service.module()
                + " not healthy at "
                + url
                + " after "
                + healthBudget.toSeconds()
                + " s",
            child.log(),
            child.tail(30));
      }
      RunLock.sleep(500);
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * Runs a copy of the jar (when it cannot be extracted), so that rebuilding a module while the
   * platform runs does not pull classes out from under the running service.
   */
  private Path snapshot(Path jar, ServiceDef service) {
    Path copy = baseDir.resolve("run").resolve("jars").resolve(service.module() + ".jar");
    try {
      Files.createDirectories(copy.getParent());
      Files.copy(jar, copy, StandardCopyOption.REPLACE_EXISTING);
      return copy;
    } catch (IOException e) {
      throw new UncheckedIOException("could not copy " + jar + ": " + e.getMessage(), e);
    }
  }
}
