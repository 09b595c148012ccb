package io.equitoken.local;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
 * The story of {@code up}: claim the base dir ({@link Installation}), start the infrastructure
 * ({@link Infrastructure}), start the services ({@link ServiceFleet}), watch them ({@link
 * Supervisor}); {@link #close()} stops services first, then Kafka, then PostgreSQL, and leaves
 * nothing running.
 */
public final class LocalPlatform implements AutoCloseable {

  private final Path projectDir;
  private final Path baseDir;
  private final PortPlan ports;
  private final boolean withServices;
  private final Duration serviceTimeout;
  private final int parallelStarts;
  private final Progress progress;
  private final RestartPolicy restartPolicy;
  private final boolean classDataSharing;

  private final Object stopLock = new Object();
  private volatile Installation installation;
  private LocalSecrets secrets;
  private Infrastructure infrastructure;
  private ServiceFleet services;
  private Supervisor supervisor;
  private DemoReceiver demoReceiver;

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
    this.restartPolicy = builder.restartPolicy;
    this.classDataSharing = builder.classDataSharing;
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
    installation = Installation.claim(baseDir, progress::info);
    try {
      prepare();
      infrastructure.start();
      if (withServices) {
        services.startAll();
        startDemoReceiver();
      }
      supervise();
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** This installation's secrets and parts, with what a killed earlier run left stopped. */
  private void prepare() {
    LocalSecrets.refuseDataFromBefore(baseDir);
    secrets = LocalSecrets.loadOrCreate(baseDir, Services.databases());
    infrastructure = new Infrastructure(ports, baseDir, secrets, progress, installation::register);
    ServiceLauncher launcher =
        new ServiceLauncher(
            projectDir,
            baseDir,
            ports,
            tlsDir(),
            secrets,
            installation.marker(),
            serviceTimeout.multipliedBy(parallelStarts),
            classDataSharing,
            installation::register,
            installation::closing);
    services =
        new ServiceFleet(
            projectDir, ports, launcher, parallelStarts, progress, installation::closing);
    infrastructure.stopLeftovers();
    List<Integer> needed = new ArrayList<>(infrastructure.ports());
    if (withServices) {
      needed.addAll(services.ports());
    }
    Net.requireFree(needed);
  }

  /**
   * From now on a process that dies is reported at once and restarted with backoff ({@link
   * RestartPolicy}), then left down with its log tail printed ({@link Supervisor}).
   */
  private void supervise() {
    supervisor = new Supervisor(restartPolicy, progress::info, baseDir.resolve("run"));
    supervisor.supervise("kafka", infrastructure.kafka(), infrastructure::startBroker);
    for (ChildProcess child : services.started()) {
      ServiceDef service = Services.named(child.name());
      supervisor.supervise(child.name(), child, () -> services.restart(service));
    }
  }

  /** The loopback webhook receiver the banner offers for trying webhooks locally. */
  private void startDemoReceiver() {
    try {
      demoReceiver = DemoReceiver.start(ports.demoReceiver(), demoReceiverLog());
    } catch (IOException e) {
      progress.info("  demo webhook receiver not started: " + e.getMessage());
    }
  }

  /**
   * Stops services (all at once, gracefully), then Kafka, then PostgreSQL. Idempotent; a second
   * caller returns once the first has stopped everything.
   */
  @Override
  public void close() {
    Installation claimed = installation;
    if (claimed == null) {
      return;
    }
    claimed.beginClosing();
    synchronized (stopLock) {
      if (installation == null) {
        return;
      }
      if (supervisor != null) {
        supervisor.close();
      }
      if (demoReceiver != null) {
        demoReceiver.close();
        demoReceiver = null;
      }
      if (services != null) {
        services.stop();
      }
      claimed.stopStrays(infrastructure != null ? infrastructure.brokerPid() : -1);
      if (infrastructure != null) {
        infrastructure.close();
      }
      claimed.close();
      installation = null;
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
    return services == null ? List.of() : services.running();
  }

  /** Modules not started because their jar is not built. */
  public List<String> skippedServices() {
    return services == null ? List.of() : services.skipped();
  }

  /** Pids of every process this platform started that is still alive (PostgreSQL's included). */
  public List<Long> livePids() {
    List<Long> pids = new ArrayList<>();
    if (services != null) {
      pids.addAll(services.livePids());
    }
    if (infrastructure != null) {
      pids.addAll(infrastructure.livePids());
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
    private boolean classDataSharing;

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

    /**
     * Starts each service from its jar extracted into {@code <baseDir>/cds/} with a Class Data
     * Sharing archive, made by a training run when missing (about one more start per service, once
     * per build of its jar), so that every later start and restart is faster. For a base dir that
     * is kept ({@code ./equitoken up}); a base dir made fresh for each run would pay the training
     * every time. Default: off, each service runs a copy of its jar.
     */
    public Builder classDataSharing() {
      this.classDataSharing = true;
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
