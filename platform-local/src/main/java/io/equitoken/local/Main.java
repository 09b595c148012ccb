package io.equitoken.local;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;

/** {@code ./equitoken up | status | clean}: see docs/local-platform.md. */
public final class Main {

  private static final PrintStream OUT = System.out;

  private Main() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(args, OUT));
  }

  /** Exit code 64 (EX_USAGE) for a command line that makes no sense; 0 after {@code --help}. */
  static int run(String[] args, PrintStream out) throws Exception {
    Options options;
    try {
      options = Options.parse(args);
    } catch (Options.UsageException e) {
      out.println(e.getMessage());
      out.println(e.usage());
      return 64;
    }
    if (options.help()) {
      out.println(options.helpText());
      return 0;
    }
    return switch (options.command()) {
      case "up" -> up(options);
      case "status" -> status(options);
      case "clean" -> clean(options);
      default -> throw new IllegalStateException("unparsed command " + options.command());
    };
  }

  private static int up(Options options) throws Exception {
    Path project = options.projectDir();
    if (options.build()) {
      Build.buildMissing(project, OUT);
    }
    LocalPlatform platform =
        LocalPlatform.builder()
            .projectDir(project)
            .portOffset(options.portOffset())
            .classDataSharing()
            .output(OUT)
            .build();
    CountDownLatch stopped = new CountDownLatch(1);
    Signals.onInterrupt(
        () -> {
          OUT.println();
          OUT.println("Stopping (services, then Kafka, then PostgreSQL) …");
          platform.close();
          OUT.println("Stopped; data kept in " + platform.baseDir());
          stopped.countDown();
        });
    // covers SIGHUP and other exits; a no-op after an orderly close
    Runtime.getRuntime().addShutdownHook(new Thread(platform::close, "platform-local-stop"));
    OUT.println("Starting Equitoken (data and logs in " + platform.baseDir() + ")");
    long started = System.nanoTime();
    try {
      platform.start();
    } catch (AlreadyRunningException e) {
      OUT.println(e.getMessage());
      return 2;
    } catch (LaunchException e) {
      OUT.println();
      OUT.println("Start failed: " + e.getMessage());
      if (e.log() != null) {
        OUT.println("---- last lines of " + e.log() + " ----");
        e.logTail().forEach(OUT::println);
        OUT.println("----");
      }
      OUT.println("Everything started has been stopped.");
      return 1;
    }
    Banner.print(platform, (System.nanoTime() - started) / 1_000_000_000.0, OUT);
    stopped.await();
    return 130;
  }

  private static int status(Options options) {
    Path base = options.projectDir().resolve(".local");
    PortPlan ports = new PortPlan(options.portOffset());
    if (!Files.isDirectory(base.resolve("run"))) {
      OUT.println("not running (never started here)");
      return 3;
    }
    var lock = RunLock.tryAcquire(base);
    if (lock.isPresent()) {
      lock.get().close();
      OUT.println("not running (data in " + base + ")");
      return 3;
    }
    OUT.println(
        "running, launcher pid " + RunLock.recordedPid(base).map(String::valueOf).orElse("?"));
    Map<String, Supervisor.Status> supervised = Supervisor.read(base.resolve("run"));
    OUT.println(line("postgres", "localhost:" + ports.postgres(), Net.isOpen(ports.postgres())));
    OUT.println(
        line("kafka", ports.kafkaBootstrapServers(), Net.isOpen(ports.kafka()))
            + supervision(supervised.get("kafka")));
    HealthProbe probe = new HealthProbe();
    for (ServiceDef service : Services.ALL) {
      boolean built = Files.isRegularFile(service.jar(options.projectDir()));
      String url = ports.url(service);
      OUT.println(
          built
              ? line(service.module(), url, probe.isUp(ports.healthUrl(service)))
                  + supervision(supervised.get(service.module()))
              : String.format("  %-20s %-28s not built", service.module(), url));
    }
    return 0;
  }

  /** What the supervisor says of a process: restarts, or that it was left down. */
  static String supervision(Supervisor.Status status) {
    if (status == null) {
      return "";
    }
    String restarts = status.restarts() == 1 ? "1 restart" : status.restarts() + " restarts";
    return switch (status.state()) {
      case RUNNING ->
          status.restarts() == 0 ? "" : "  (" + restarts + ", pid " + status.pid() + ")";
      case RESTARTING -> "  (restarting, " + restarts + " so far)";
      case DOWN -> "  (left down after " + restarts + "; see its log)";
    };
  }

  private static String line(String name, String where, boolean up) {
    return String.format("  %-20s %-28s %s", name, where, up ? "UP" : "DOWN");
  }

  private static int clean(Options options) throws IOException {
    Path base = options.projectDir().resolve(".local");
    if (!Files.exists(base)) {
      OUT.println("nothing to clean: " + base + " does not exist");
      return 0;
    }
    var lock = RunLock.tryAcquire(base);
    if (lock.isEmpty()) {
      OUT.println("the platform is running; stop it first (Ctrl-C in its terminal)");
      return 2;
    }
    lock.get().close();
    if (!options.yes()) {
      var console = System.console();
      String answer =
          console == null
              ? null
              : console.readLine(
                  "Delete %s (PostgreSQL data, Kafka data, logs, TLS certificate)? [y/N] ", base);
      if (answer == null || !answer.trim().toLowerCase().startsWith("y")) {
        OUT.println(console == null ? "not a terminal: pass --yes to delete" : "kept " + base);
        return console == null ? 2 : 0;
      }
    }
    try (Stream<Path> paths = Files.walk(base)) {
      List<Path> all = new ArrayList<>(paths.sorted(Comparator.reverseOrder()).toList());
      for (Path path : all) {
        Files.delete(path);
      }
    }
    OUT.println("deleted " + base);
    return 0;
  }
}
