package io.equitoken.platform.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A service's packaged jar as a child process, as operators run it: {@code java -jar
 * target/<service>.jar} on a free loopback port, configured by {@link #settings} (as {@code
 * --name=value} arguments, or with {@link #asEnvironment()} as environment variables {@code
 * NAME_VALUE}), waited for until {@code /actuator/health/readiness} answers 200 (bounded; fails at
 * once if the process exits). The child is always ended by its own PID: {@link #kill()} (SIGKILL, a
 * crashing node), {@link #stop(Duration)} (SIGTERM, graceful, then SIGKILL if it overstays), {@link
 * #close()} (SIGKILL if still alive) and, should the test JVM exit first, a shutdown hook. It can
 * be started again after a kill or stop, on the same port, appending to the same log.
 *
 * <p>With {@link #classDataSharing()} it starts as Spring Boot documents for Class Data Sharing:
 * the jar extracted, a CDS archive made by one training run against the same settings at the first
 * start, and every start from that archive — a restart then takes less than half the time.
 *
 * <pre>{@code
 * try (PackagedService service =
 *     PackagedService.of("trading-service", Path.of("target", "trading-service.jar"))
 *         .settings(PackagedService.platformSettings(database, kafkaBootstrap))
 *         .set("equitoken.trading.partitions", "4")
 *         .start()) {
 *   … "http://127.0.0.1:" + service.port() …
 * }
 * }</pre>
 */
public final class PackagedService implements AutoCloseable {

  private static final Duration KILL_WAIT = Duration.ofSeconds(30);

  private final String name;
  private final Path jar;
  private final int port;
  private final Map<String, String> settings = new LinkedHashMap<>();
  private final List<String> jvmOptions = new ArrayList<>(List.of("-Xmx384m"));
  private boolean asEnvironment;
  private Duration readyWithin = Duration.ofMinutes(3);
  private Path log;
  private Process process;
  private Thread killOnExit;
  private int starts;
  private boolean classDataSharing;
  private Path archive;
  private Path extractedJar;

  private PackagedService(String name, Path jar) {
    this.name = name;
    this.jar = jar;
    this.port = freePort();
    this.log = Path.of("target", "packaged-service", name + ".log");
  }

  /** The jar {@code jar} (relative to the module directory), named {@code name} in messages. */
  public static PackagedService of(String name, Path jar) {
    return new PackagedService(name, jar);
  }

  /**
   * The settings every packaged service needs against the test platform: its database (R2DBC and
   * Flyway), Kafka, and {@link TestJwtIssuer} as the token issuer.
   */
  public static Map<String, String> platformSettings(TestDatabase database, String kafkaBootstrap) {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("spring.r2dbc.url", database.r2dbcUrl());
    s.put("spring.r2dbc.username", database.username());
    s.put("spring.r2dbc.password", database.password());
    s.put("spring.flyway.url", database.jdbcUrl());
    s.put("spring.flyway.user", database.username());
    s.put("spring.flyway.password", database.password());
    s.put("spring.kafka.bootstrap-servers", kafkaBootstrap);
    s.put("equitoken.security.issuer", TestJwtIssuer.ISSUER);
    s.put("equitoken.security.audience", TestJwtIssuer.AUDIENCE);
    s.put("equitoken.security.jwks-uri", TestJwtIssuer.jwksUri());
    return s;
  }

  /**
   * A consumer group of the service's own on a shared broker, reading only what is published from
   * its first assignment on, as the stable member {@code instanceId} (static membership, as
   * operators run it): for a test that restarts the service and times its consumers.
   */
  public static Map<String, String> consumerGroupOfItsOwn(String instanceId) {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("spring.kafka.consumer.group-id", instanceId + "-" + java.util.UUID.randomUUID());
    s.put("spring.kafka.consumer.auto-offset-reset", "latest");
    s.put("equitoken.events.consumer.instance-id", instanceId);
    return s;
  }

  /** Adds settings (Spring property names); later ones win. */
  public PackagedService settings(Map<String, String> values) {
    settings.putAll(values);
    return this;
  }

  /** Adds one setting (a Spring property name). */
  public PackagedService set(String property, String value) {
    settings.put(property, value);
    return this;
  }

  /**
   * Passes the settings (and {@code server.port}) as environment variables — {@code
   * spring.kafka.bootstrap-servers} as {@code SPRING_KAFKA_BOOTSTRAP_SERVERS} — instead of command
   * line arguments, as a container would.
   */
  public PackagedService asEnvironment() {
    this.asEnvironment = true;
    return this;
  }

  /** JVM options instead of the default {@code -Xmx384m}. */
  public PackagedService jvmOptions(String... options) {
    jvmOptions.clear();
    jvmOptions.addAll(List.of(options));
    return this;
  }

  /**
   * Starts from a Class Data Sharing archive: at the first {@link #start()} the jar is extracted
   * ({@code java -Djarmode=tools -jar … extract}) into {@code <log dir>/<name>-cds/}, one training
   * run with the same JVM options and settings makes the archive ({@code -XX:ArchiveClassesAtExit},
   * {@code -Dspring.context.exit=onRefresh}: the context is refreshed — migrations included — and
   * the JVM exits before the server or any consumer starts), and every start runs the extracted jar
   * with {@code -XX:SharedArchiveFile} and {@code -Xshare:auto} (an archive the JVM cannot use is
   * ignored, never fatal). The first start costs the extraction and the training run (about one
   * more start).
   */
  public PackagedService classDataSharing() {
    this.classDataSharing = true;
    return this;
  }

  /** The archive the service starts from, once made ({@link #classDataSharing()}). */
  public java.util.Optional<Path> classDataArchive() {
    return java.util.Optional.ofNullable(archive);
  }

  /** How long {@link #start()} waits for readiness (default 3 minutes). */
  public PackagedService readyWithin(Duration bound) {
    this.readyWithin = bound;
    return this;
  }

  /**
   * Where the child's output goes (appended; default {@code target/packaged-service/<name>.log}).
   */
  public PackagedService log(Path file) {
    this.log = file;
    return this;
  }

  public int port() {
    return port;
  }

  public Path log() {
    return log;
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + port;
  }

  /** The child's PID while it runs. */
  public long pid() {
    if (process == null) {
      throw new IllegalStateException(name + " is not running");
    }
    return process.pid();
  }

  public boolean alive() {
    return process != null && process.isAlive();
  }

  /** Starts the jar and waits (bounded) until it is ready; kills it if it does not get there. */
  public PackagedService start() throws IOException, InterruptedException {
    if (alive()) {
      throw new IllegalStateException(name + " is already running (PID " + process.pid() + ")");
    }
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(jar + " not built: run through `./mvnw verify`");
    }
    Files.createDirectories(log.toAbsolutePath().getParent());
    Map<String, String> all = new LinkedHashMap<>();
    all.put("server.port", String.valueOf(port));
    all.putAll(settings);
    List<String> launch = new ArrayList<>(List.of("-jar", jar.toString()));
    if (classDataSharing) {
      if (archive == null) {
        makeArchive(all);
      }
      launch =
          List.of(
              "-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-jar", extractedJar.toString());
    }
    ProcessBuilder builder = processBuilder(launch, all);
    starts++;
    process = builder.start();
    Process started = process;
    killOnExit = new Thread(() -> started.toHandle().destroyForcibly(), name + "-kill-on-exit");
    Runtime.getRuntime().addShutdownHook(killOnExit);
    boolean ready = false;
    try {
      awaitReady();
      ready = true;
    } finally {
      if (!ready) {
        kill();
      }
    }
    return this;
  }

  /** {@code java <JVM options> <launch…>} with the settings as arguments or environment. */
  private ProcessBuilder processBuilder(List<String> launch, Map<String, String> all) {
    List<String> command = new ArrayList<>();
    command.add(java());
    command.addAll(jvmOptions);
    command.addAll(launch);
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    if (asEnvironment) {
      all.forEach((k, v) -> builder.environment().put(environmentName(k), v));
    } else {
      all.forEach((k, v) -> command.add("--" + k + "=" + v));
    }
    return builder;
  }

  /** Extracts the jar and makes the archive with one training run ({@link #classDataSharing()}). */
  private void makeArchive(Map<String, String> all) throws IOException, InterruptedException {
    Path dir = log.toAbsolutePath().getParent().resolve(name + "-cds");
    deleteRecursively(dir);
    Path extracted = dir.resolve("application");
    runToEnd(
        new ProcessBuilder(
                java(),
                "-Djarmode=tools",
                "-jar",
                jar.toString(),
                "extract",
                "--destination",
                extracted.toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())),
        "extracting " + jar);
    Path app = extracted.resolve(jar.getFileName());
    Path jsa = dir.resolve("application.jsa");
    runToEnd(
        processBuilder(
            List.of(
                "-XX:ArchiveClassesAtExit=" + jsa,
                "-Dspring.context.exit=onRefresh",
                "-jar",
                app.toString()),
            all),
        "the training run");
    if (!Files.isRegularFile(jsa)) {
      throw new IllegalStateException(name + ": the training run made no archive; see " + log);
    }
    extractedJar = app;
    archive = jsa;
  }

  private void runToEnd(ProcessBuilder builder, String what)
      throws IOException, InterruptedException {
    Process step = builder.start();
    if (!step.waitFor(readyWithin.toMillis(), TimeUnit.MILLISECONDS)) {
      step.toHandle().destroyForcibly();
      step.waitFor(KILL_WAIT.toSeconds(), TimeUnit.SECONDS);
      throw new IllegalStateException(name + ": " + what + " took over " + readyWithin);
    }
    if (step.exitValue() != 0) {
      throw new IllegalStateException(
          name + ": " + what + " failed (" + step.exitValue() + "); see " + log);
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** SIGKILL by the child's PID, as a crashing node; waits (bounded) until it is gone. */
  public void kill() throws InterruptedException {
    if (process == null) {
      return;
    }
    process.toHandle().destroyForcibly();
    boolean gone = process.waitFor(KILL_WAIT.toSeconds(), TimeUnit.SECONDS);
    forget();
    if (!gone) {
      throw new IllegalStateException(name + " still alive " + KILL_WAIT + " after SIGKILL");
    }
  }

  /**
   * SIGTERM by the child's PID and waits up to {@code bound} for a graceful exit; answers whether
   * it exited in time (if not, it is killed).
   */
  public boolean stop(Duration bound) throws InterruptedException {
    if (process == null) {
      return true;
    }
    process.toHandle().destroy();
    boolean exited = process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS);
    if (!exited) {
      kill();
    } else {
      forget();
    }
    return exited;
  }

  /** Kills the child if it still runs. */
  @Override
  public void close() throws InterruptedException {
    kill();
  }

  private void forget() {
    process = null;
    if (killOnExit != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(killOnExit);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs anyway
      }
      killOnExit = null;
    }
  }

  private void awaitReady() throws InterruptedException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    URI readiness = URI.create(baseUrl() + "/actuator/health/readiness");
    Instant deadline = Instant.now().plus(readyWithin);
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            name + " exited (" + process.exitValue() + ") at start " + starts + "; see " + log);
      }
      try {
        HttpResponse<Void> r =
            http.send(
                HttpRequest.newBuilder(readiness).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.discarding());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException(name + " not ready within " + readyWithin + "; see " + log);
  }

  static String environmentName(String property) {
    return property.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
