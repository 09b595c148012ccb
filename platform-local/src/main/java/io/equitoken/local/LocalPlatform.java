package io.equitoken.local;

import io.equitoken.local.ServiceLauncher.Launched;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The whole platform on this machine: PostgreSQL, a Kafka broker and every built service, each in
 * its own process, all state under {@link #baseDir()}. Used by {@code ./equitoken up} and by the
 * end-to-end tests (on other ports, in a temp dir):
 *
 * <pre>{@code
 * try (LocalPlatform platform =
 *     LocalPlatform.builder().projectDir(repoRoot).baseDir(tempDir).portOffset(100).build()) {
 *   platform.start();
 *   // https calls to platform.gatewayUrl(), trusting platform.gatewayCertificate()
 * }
 * }</pre>
 *
 * {@link #close()} stops services first, then Kafka, then PostgreSQL, and leaves nothing running.
 */
public final class LocalPlatform implements AutoCloseable {

  private final Path projectDir;
  private final Path baseDir;
  private final PortPlan ports;
  private final boolean withServices;
  private final Duration serviceTimeout;
  private final int parallelStarts;
  private final Progress progress;
  private final String marker;
  private final RestartPolicy restartPolicy;

  private final Object stopLock = new Object();
  private final List<ChildProcess> services = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final List<String> skipped = new ArrayList<>();
  private RunLock lock;
  private LocalSecrets secrets;
  private ServiceLauncher launcher;
  private PostgresNode postgres;
  private ChildProcess kafka;
  private KafkaNode kafkaNode;
  private Supervisor supervisor;
  private DemoReceiver demoReceiver;
  private boolean closing;

  private LocalPlatform(Builder builder) {
    this.projectDir = builder.projectDir.toAbsolutePath().normalize();
    this.baseDir =
        (builder.baseDir != null ? builder.baseDir : projectDir.resolve(".local"))
            .toAbsolutePath()
            .normalize();
    this.ports = new PortPlan(builder.portOffset);
    this.withServices = builder.withServices;
    this.serviceTimeout = builder.serviceTimeout;
    this.parallelStarts = builder.parallelStarts;
    this.progress = new Progress(builder.out);
    this.marker = "-D" + ChildProcess.MARKER_PROPERTY + "=" + baseDir;
    this.restartPolicy = builder.restartPolicy;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Starts everything, waiting for each part to be ready.
   *
   * @throws AlreadyRunningException when another launcher runs on this base dir
   * @throws LaunchException when a part does not start; everything started is stopped again
   */
  public void start() {
    lock =
        RunLock.tryAcquire(baseDir)
            .orElseThrow(() -> new AlreadyRunningException(baseDir, RunLock.recordedPid(baseDir)));
    try {
      List<String> orphans = lock.stopOrphans(marker + " ");
      if (!orphans.isEmpty()) {
        progress.info("  stopped processes left by a killed earlier run: " + orphans);
      }
      LocalSecrets.refuseDataFromBefore(baseDir);
      secrets = LocalSecrets.loadOrCreate(baseDir, Services.databases());
      launcher =
          new ServiceLauncher(
              projectDir,
              baseDir,
              ports,
              tlsDir(),
              secrets,
              marker,
              serviceTimeout.multipliedBy(parallelStarts),
              this::register,
              () -> closing);
      postgres = new PostgresNode(ports, baseDir, secrets);
      if (postgres.stopOrphanedPostmaster()) {
        progress.info("  stopped the PostgreSQL server left by a killed earlier run");
      }
      checkPortsFree();
      startPostgres();
      startKafka();
      if (withServices) {
        startServices();
        startDemoReceiver();
      }
      supervise();
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** The loopback webhook receiver the banner offers for trying webhooks locally. */
  private void startDemoReceiver() {
    try {
      demoReceiver = DemoReceiver.start(ports.demoReceiver(), demoReceiverLog());
    } catch (java.io.IOException e) {
      progress.info("  demo webhook receiver not started: " + e.getMessage());
    }
  }

  /** The demo receiver's URL, or empty when it is not running. */
  public Optional<String> demoReceiverUrl() {
    return demoReceiver == null
        ? Optional.empty()
        : Optional.of("http://localhost:" + demoReceiver.port() + "/hooks");
  }

  public Path demoReceiverLog() {
    return logsDir().resolve("demo-receiver.log");
  }

  private void checkPortsFree() {
    List<Integer> needed =
        new ArrayList<>(List.of(ports.postgres(), ports.kafka(), ports.kafkaController()));
    if (withServices) {
      Services.ALL.stream()
          .filter(s -> Files.isRegularFile(s.jar(projectDir)))
          .forEach(s -> needed.add(ports.port(s)));
    }
    List<Integer> busy = Net.busy(needed);
    if (!busy.isEmpty()) {
      throw new LaunchException(
          "ports already in use: "
              + busy
              + " (another instance on the same ports? use a different port offset)",
          null,
          List.of());
    }
  }

  private void startPostgres() {
    Progress.Step step = progress.step("PostgreSQL on localhost:" + ports.postgres());
    try {
      postgres.start();
      postgres.ensureDatabases(Services.databases());
    } catch (RuntimeException e) {
      step.failed(e.getMessage());
      throw e;
    }
    step.done("up, databases " + String.join(", ", Services.databases()));
  }

  private void startKafka() {
    Progress.Step step =
        progress.step(
            "Kafka (KRaft) on localhost:"
                + ports.kafka()
                + ", controller "
                + ports.kafkaController());
    try {
      KafkaNode node = new KafkaNode(ports, baseDir, baseDir.toString());
      kafkaNode = node;
      ServiceLauncher.writeHeader(node.log(), "kafka");
      kafka = node.start(this::register);
      node.awaitReady(kafka, Duration.ofSeconds(120));
      node.createTopics(kafka);
    } catch (RuntimeException e) {
      step.failed(e.getMessage());
      throw e;
    }
    step.done("up");
  }

  /**
   * Starts the services {@link Builder#parallelStarts} at a time: a service's start-up is mostly
   * one thread's work plus waits on PostgreSQL and Kafka, so overlapping a few uses the cores that
   * one start leaves idle. Each is reported, in order, once it is healthy.
   */
  private void startServices() {
    Deque<Launched> starting = new ArrayDeque<>();
    for (ServiceDef service : Services.ALL) {
      launch(service).ifPresent(starting::add);
      if (starting.size() >= parallelStarts) {
        awaitHealthy(starting.removeFirst());
      }
    }
    while (!starting.isEmpty()) {
      awaitHealthy(starting.removeFirst());
    }
  }

  /**
   * From now on a process that dies is reported at once and restarted with backoff ({@link
   * RestartPolicy}), then left down with its log tail printed ({@link Supervisor}).
   */
  private void supervise() {
    supervisor = new Supervisor(restartPolicy, progress::info, baseDir.resolve("run"));
    supervisor.supervise("kafka", kafka, this::restartKafka);
    for (ChildProcess child : List.copyOf(services)) {
      ServiceDef service = Services.named(child.name());
      supervisor.supervise(child.name(), child, () -> restartService(service));
    }
  }

  private synchronized ChildProcess restartKafka() {
    ServiceLauncher.writeHeader(kafkaNode.log(), "kafka");
    kafka = kafkaNode.start(this::register);
    return kafka;
  }

  private ChildProcess restartService(ServiceDef service) {
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
                        java.util.Locale.ROOT,
                        "  ✓ %s healthy again after %.1f s",
                        service.module(),
                        (System.nanoTime() - launched.launchedAt()) / 1e9));
              } catch (LaunchException e) {
                // an exit is reported by the supervisor; a service that hangs is reported here
                if (launched.child().isAlive() && !closing) {
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
    launched.ifPresent(l -> services.add(l.child()));
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

  private synchronized void register(ChildProcess child) {
    if (closing) {
      child.requestStop();
      child.awaitStop(5_000);
      throw new LaunchException("stopping", child.log(), List.of());
    }
    lock.recordChild(child);
  }

  /** Stops services (all at once, gracefully), then Kafka, then PostgreSQL. Idempotent. */
  @Override
  public void close() {
    List<ChildProcess> toStop;
    synchronized (this) {
      if (closing && lock == null) {
        return;
      }
      closing = true;
      toStop = new ArrayList<>(services);
    }
    if (supervisor != null) {
      supervisor.close();
    }
    synchronized (stopLock) {
      if (demoReceiver != null) {
        demoReceiver.close();
        demoReceiver = null;
      }
      for (ChildProcess service : toStop) {
        service.requestStop();
      }
      for (ChildProcess service : toStop) {
        service.awaitStop(30_000);
      }
      stopOthersOfThisInstallation();
      if (kafka != null) {
        kafka.requestStop();
        kafka.awaitStop(60_000);
      }
      if (postgres != null) {
        postgres.close();
      }
      if (lock != null) {
        lock.close();
        lock = null;
      }
    }
  }

  /**
   * Stops every other process of this installation (its marker on the command line) but the
   * launcher's own broker, stopped next: a service or broker someone restarted by hand with the
   * command line the launcher gave it is the installation's too, and must not outlive it.
   */
  private void stopOthersOfThisInstallation() {
    long broker;
    synchronized (this) {
      broker = kafka != null && kafka.isAlive() ? kafka.pid() : -1;
    }
    long self = ProcessHandle.current().pid();
    List<ProcessHandle> others =
        ProcessHandle.allProcesses()
            .filter(p -> p.pid() != self && p.pid() != broker)
            .filter(p -> p.info().commandLine().orElse("").contains(marker + " "))
            .toList();
    others.forEach(ProcessHandle::destroy);
    for (ProcessHandle other : others) {
      progress.info(
          "  stopped "
              + other.info().command().orElse("a process")
              + " (pid "
              + other.pid()
              + ") of this installation, not started by this launcher");
      RunLock.stopHandle(other, Duration.ofSeconds(30));
    }
  }

  public Path projectDir() {
    return projectDir;
  }

  public Path baseDir() {
    return baseDir;
  }

  public PortPlan ports() {
    return ports;
  }

  public Path logsDir() {
    return baseDir.resolve("logs");
  }

  public Path tlsDir() {
    return baseDir.resolve("tls");
  }

  public String gatewayUrl() {
    return ports.url(Services.named(Services.GATEWAY));
  }

  /** PEM of the gateway's self-signed certificate (written by the gateway at its first start). */
  public Path gatewayCertificate() {
    return tlsDir().resolve("gateway.crt");
  }

  public String kafkaBootstrapServers() {
    return ports.kafkaBootstrapServers();
  }

  public String jdbcUrl(String database) {
    return ports.jdbcUrl(database);
  }

  /** The generated password of a service database's login role (set once {@link #start()}ed). */
  public String databasePassword(String database) {
    return Objects.requireNonNull(secrets, "not started").databasePassword(database);
  }

  /** Where this installation's generated secrets are (mode 0600). */
  public Path secretsFile() {
    return baseDir.resolve(LocalSecrets.FILE);
  }

  public String serviceUrl(String module) {
    return ports.url(Services.named(module));
  }

  /** Modules running now, in start order. */
  public List<String> runningServices() {
    return services.stream().filter(ChildProcess::isAlive).map(ChildProcess::name).toList();
  }

  /** Modules not started because their jar is not built. */
  public List<String> skippedServices() {
    return List.copyOf(skipped);
  }

  /** Pids of every process this platform started that is still alive (PostgreSQL's included). */
  public List<Long> livePids() {
    List<Long> pids = new ArrayList<>();
    services.stream().filter(ChildProcess::isAlive).forEach(c -> pids.add(c.pid()));
    if (kafka != null && kafka.isAlive()) {
      pids.add(kafka.pid());
    }
    if (postgres != null && postgres.isRunning()) {
      postgres.postmasterPid().ifPresent(pids::add);
    }
    return pids;
  }

  /** Configures a {@link LocalPlatform}; every setting has a default for {@code ./equitoken up}. */
  public static final class Builder {
    private Path projectDir = Path.of("");
    private Path baseDir;
    private int portOffset;
    private boolean withServices = true;
    private Duration serviceTimeout = Duration.ofSeconds(180);
    private int parallelStarts = 3;
    private PrintStream out = System.out;
    private RestartPolicy restartPolicy = RestartPolicy.DEFAULT;

    private Builder() {}

    /** How a process that dies is restarted (default: 5 in a row, backoff from 1 s). */
    Builder restartPolicy(RestartPolicy restartPolicy) {
      this.restartPolicy = Objects.requireNonNull(restartPolicy);
      return this;
    }

    /** The repository root, where {@code <module>/target/<module>.jar} are. Default: cwd. */
    public Builder projectDir(Path projectDir) {
      this.projectDir = Objects.requireNonNull(projectDir);
      return this;
    }

    /** Where data, logs and TLS files go. Default: {@code <projectDir>/.local}. */
    public Builder baseDir(Path baseDir) {
      this.baseDir = Objects.requireNonNull(baseDir);
      return this;
    }

    /** Added to every port (use multiples of 10); see {@link PortPlan}. */
    public Builder portOffset(int portOffset) {
      this.portOffset = portOffset;
      return this;
    }

    /** PostgreSQL and Kafka only, no services. */
    public Builder infrastructureOnly() {
      this.withServices = false;
      return this;
    }

    /**
     * How long a service may take to report UP when it starts alone, counted from its launch;
     * services starting at once ({@link #parallelStarts}) get this times their number. Default 180
     * s.
     */
    public Builder serviceTimeout(Duration serviceTimeout) {
      this.serviceTimeout = Objects.requireNonNull(serviceTimeout);
      return this;
    }

    /** How many services start at once (default 3; 1 starts them one after another). */
    public Builder parallelStarts(int parallelStarts) {
      if (parallelStarts < 1) {
        throw new IllegalArgumentException("parallelStarts must be at least 1: " + parallelStarts);
      }
      this.parallelStarts = parallelStarts;
      return this;
    }

    /** Where progress lines go. Default: System.out. */
    public Builder output(PrintStream out) {
      this.out = Objects.requireNonNull(out);
      return this;
    }

    public LocalPlatform build() {
      new PortPlan(portOffset);
      return new LocalPlatform(this);
    }
  }
}
