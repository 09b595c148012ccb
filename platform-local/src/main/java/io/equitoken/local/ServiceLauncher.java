package io.equitoken.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Starts one service as a child process of this installation — a copy of its jar, its environment,
 * its log — and waits until it reports UP. {@link ServiceFleet} decides which services start, in
 * which order, and {@link Supervisor} what happens when one dies.
 */
final class ServiceLauncher {

  /** A service process started and not yet reported healthy. */
  record Launched(ServiceDef service, ChildProcess child, long launchedAt) {}

  private final Path projectDir;
  private final Path baseDir;
  private final PortPlan ports;
  private final Path tlsDir;
  private final LocalSecrets secrets;
  private final String marker;
  private final Duration healthBudget;
  private final Consumer<ChildProcess> register;
  private final BooleanSupplier closing;

  /**
   * @param healthBudget how long a service may take to report UP, from its launch
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
      Consumer<ChildProcess> register,
      BooleanSupplier closing) {
    this.projectDir = projectDir;
    this.baseDir = baseDir;
    this.ports = ports;
    this.tlsDir = tlsDir;
    this.secrets = secrets;
    this.marker = marker;
    this.healthBudget = healthBudget;
    this.register = register;
    this.closing = closing;
  }

  /** Starts the service, or answers empty when its jar is not built. */
  Optional<Launched> launch(ServiceDef service) {
    Path jar = service.jar(projectDir);
    if (!Files.isRegularFile(jar)) {
      return Optional.empty();
    }
    long launchedAt = System.nanoTime();
    Path log = baseDir.resolve("logs").resolve(service.module() + ".log");
    ChildProcess.writeHeader(log, service.module());
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx384m",
            marker,
            "-jar",
            snapshot(jar, service).toString());
    ChildProcess child =
        ChildProcess.start(
            service.module(),
            command,
            ServiceEnvironment.of(service, ports, tlsDir, secrets),
            projectDir,
            log);
    register.accept(child);
    return Optional.of(new Launched(service, child, launchedAt));
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

  /**
   * Runs a copy of the jar, so that rebuilding a module while the platform runs does not pull
   * classes out from under the running service.
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
