package io.equitoken.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/** A real Kafka broker (KRaft, broker + controller in one JVM) run from the Maven artifacts. */
final class KafkaNode {

  private final PortPlan ports;
  private final Path kafkaDir;
  private final Path log;
  private final String marker;

  KafkaNode(PortPlan ports, Path baseDir, String marker) {
    this.ports = ports;
    this.kafkaDir = baseDir.resolve("kafka");
    this.log = baseDir.resolve("logs").resolve("kafka.log");
    this.marker = marker;
  }

  Path dataDir() {
    return kafkaDir.resolve("data");
  }

  Path log() {
    return log;
  }

  /** Writes the configuration, formats the storage on first run, starts the broker. */
  ChildProcess start(Consumer<ChildProcess> register) {
    String classpath = BrokerClasspath.resolve();
    Path config = kafkaDir.resolve("server.properties");
    Path log4j = kafkaDir.resolve("log4j2.properties");
    try {
      Files.createDirectories(dataDir());
      Files.writeString(config, KafkaConfig.render(KafkaConfig.serverProperties(ports, dataDir())));
      Files.writeString(log4j, KafkaConfig.log4j2());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (!Files.exists(dataDir().resolve("meta.properties"))) {
      format(classpath, config, log4j, register);
    }
    ChildProcess broker =
        ChildProcess.start(
            "kafka",
            java(classpath, log4j, "kafka.Kafka", config.toString()),
            Map.of(),
            kafkaDir,
            log);
    register.accept(broker);
    return broker;
  }

  private void format(String classpath, Path config, Path log4j, Consumer<ChildProcess> register) {
    ChildProcess format =
        ChildProcess.start(
            "kafka-storage-format",
            java(
                classpath,
                log4j,
                "kafka.tools.StorageTool",
                "format",
                "--cluster-id",
                clusterId(),
                "--config",
                config.toString(),
                "--standalone"),
            Map.of(),
            kafkaDir,
            log);
    register.accept(format);
    try {
      boolean exited = format.waitFor(TimeUnit.SECONDS.toMillis(60));
      if (!exited || format.exitValue() != 0) {
        format.requestStop();
        List<String> tail = format.tail(30);
        throw new LaunchException(
            "formatting Kafka storage failed ("
                + (exited ? "exit code " + format.exitValue() : "no exit after 60 s")
                + "): "
                + String.join(" | ", tail.subList(Math.max(0, tail.size() - 5), tail.size())),
            format.log(),
            tail);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LaunchException("interrupted while formatting Kafka storage", log, List.of());
    }
  }

  private List<String> java(String classpath, Path log4j, String mainClass, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        List.of(
            "-Xms128m",
            "-Xmx512m",
            "-XX:+UseG1GC",
            "-XX:MaxGCPauseMillis=20",
            "-XX:+ExitOnOutOfMemoryError",
            ServiceLauncher.NO_PERF_DATA,
            "-Djava.awt.headless=true",
            "-Dlog4j2.configurationFile=" + log4j.toAbsolutePath(),
            "-D" + ChildProcess.MARKER_PROPERTY + "=" + marker,
            "-cp",
            classpath,
            mainClass));
    command.addAll(List.of(args));
    return command;
  }

  /**
   * Kafka's cluster id: 16 random bytes, URL-safe base64 without padding (as Uuid does). Like
   * Kafka's {@code Uuid.randomUuid()} it never starts with {@code -}: the storage tool would read
   * such an id as an option and fail (one fresh start in 64 did).
   */
  static String clusterId() {
    String id = clusterId(UUID.randomUUID());
    while (id.startsWith("-")) {
      id = clusterId(UUID.randomUUID());
    }
    return id;
  }

  static String clusterId(UUID uuid) {
    byte[] bytes = new byte[16];
    for (int i = 0; i < 8; i++) {
      bytes[i] = (byte) (uuid.getMostSignificantBits() >>> (8 * (7 - i)));
      bytes[8 + i] = (byte) (uuid.getLeastSignificantBits() >>> (8 * (7 - i)));
    }
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** Creates the catalogue's topics that do not exist yet ({@link KafkaTopics}). */
  void createTopics(ChildProcess broker) {
    try (Admin admin = Admin.create(adminProperties())) {
      KafkaTopics.catalogue().createMissing(admin);
    } catch (IllegalStateException e) {
      throw new LaunchException(e.getMessage(), log, broker.tail(30));
    }
  }

  private Properties adminProperties() {
    Properties props = new Properties();
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, ports.kafkaBootstrapServers());
    props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "3000");
    props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "5000");
    return props;
  }

  /** Ready = the broker answers a metadata request with itself as a node. */
  void awaitReady(ChildProcess broker, Duration timeout) {
    Instant deadline = Instant.now().plus(timeout);
    Net.awaitPort(ports.kafka(), broker, deadline, "Kafka");
    try (Admin admin = Admin.create(adminProperties())) {
      while (true) {
        if (!broker.isAlive()) {
          throw new LaunchException(
              "Kafka exited with code " + broker.exitValue(), log, broker.tail(30));
        }
        try {
          if (!admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty()) {
            return;
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new LaunchException("interrupted while waiting for Kafka", log, List.of());
        } catch (Exception notYet) {
          // not ready yet
        }
        if (Instant.now().isAfter(deadline)) {
          throw new LaunchException(
              "Kafka not ready after " + timeout.toSeconds() + " s", log, broker.tail(30));
        }
        RunLock.sleep(250);
      }
    }
  }
}
