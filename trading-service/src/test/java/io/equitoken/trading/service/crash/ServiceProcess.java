package io.equitoken.trading.service.crash;

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
import java.util.List;
import java.util.Map;

/**
 * trading-service as a separate operating-system process: its packaged jar, started with the given
 * settings, and killed with SIGKILL ({@link Process#destroyForcibly()} on Linux) as a crashing node
 * would be — no shutdown hook, no graceful stop, no transaction committed or aborted.
 */
final class ServiceProcess implements AutoCloseable {

  private static final Path JAR = Path.of("target", "trading-service.jar");
  private static final Duration READY = Duration.ofSeconds(180);

  private final String name;
  private final int port;
  private final Map<String, String> settings;
  private final Path log;
  private Process process;
  private int starts;

  ServiceProcess(String name, Map<String, String> settings) {
    this.name = name;
    this.port = freePort();
    this.settings = settings;
    this.log = Path.of("target", "crash-it", name + ".log");
  }

  int port() {
    return port;
  }

  /** Starts the jar and waits until it is ready (bounded). */
  ServiceProcess start() throws IOException, InterruptedException {
    if (!Files.isRegularFile(JAR)) {
      throw new IllegalStateException(JAR + " not built: run through `./mvnw verify`");
    }
    Files.createDirectories(log.getParent());
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx384m");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-jar");
    command.add(JAR.toString());
    command.add("--server.port=" + port);
    settings.forEach((k, v) -> command.add("--" + k + "=" + v));
    starts++;
    process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    awaitReady();
    return this;
  }

  /** SIGKILL, then waits until the process is gone. */
  void kill() throws InterruptedException {
    if (process != null) {
      process.destroyForcibly();
      process.waitFor();
      process = null;
    }
  }

  boolean alive() {
    return process != null && process.isAlive();
  }

  private void awaitReady() throws InterruptedException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    Instant deadline = Instant.now().plus(READY);
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException(name + " exited at start " + starts + "; see " + log);
      }
      try {
        HttpResponse<String> r =
            http.send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness"))
                    .timeout(Duration.ofSeconds(5))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException(name + " not ready within " + READY + "; see " + log);
  }

  @Override
  public void close() throws InterruptedException {
    kill();
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
