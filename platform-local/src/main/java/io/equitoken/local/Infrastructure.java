package io.equitoken.local;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What the services need before they start: PostgreSQL with one database and login role per
 * service, then the Kafka broker with the catalogue's topics. Started in that order, stopped in the
 * reverse; the broker can be started again on its data ({@link #startBroker()}).
 */
final class Infrastructure implements AutoCloseable {

  private final PortPlan ports;
  private final Progress progress;
  private final Consumer<ChildProcess> register;
  private final PostgresNode postgres;
  private final KafkaNode kafkaNode;
  private ChildProcess kafka;

  /**
   * @param register records a started child with the installation (throws when it is stopping)
   */
  Infrastructure(
      PortPlan ports,
      Path baseDir,
      LocalSecrets secrets,
      Progress progress,
      Consumer<ChildProcess> register) {
    this.ports = ports;
    this.progress = progress;
    this.register = register;
    this.postgres = new PostgresNode(ports, baseDir, secrets);
    this.kafkaNode = new KafkaNode(ports, baseDir, baseDir.toString());
  }

  /** The ports it listens on. */
  List<Integer> ports() {
    return List.of(ports.postgres(), ports.kafka(), ports.kafkaController());
  }

  /** Stops the PostgreSQL server a killed earlier run left on this data (it holds the port). */
  void stopLeftovers() {
    if (postgres.stopOrphanedPostmaster()) {
      progress.info("  stopped the PostgreSQL server left by a killed earlier run");
    }
  }

  /** Starts PostgreSQL, then Kafka, each reported once ready. */
  void start() {
    startPostgres();
    startKafka();
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
      ChildProcess broker = startBroker();
      kafkaNode.awaitReady(broker, Duration.ofSeconds(120));
      kafkaNode.createTopics(broker);
    } catch (RuntimeException e) {
      step.failed(e.getMessage());
      throw e;
    }
    step.done("up");
  }

  /** Starts the broker (again) on its data, without waiting for it. */
  synchronized ChildProcess startBroker() {
    ChildProcess.writeHeader(kafkaNode.log(), "kafka");
    kafka = kafkaNode.start(register);
    return kafka;
  }

  /** The broker process started last (null before the start). */
  synchronized ChildProcess kafka() {
    return kafka;
  }

  /** The live broker's pid, or -1. */
  synchronized long brokerPid() {
    return kafka != null && kafka.isAlive() ? kafka.pid() : -1;
  }

  /** Pids of the live broker and postmaster, in that order. */
  List<Long> livePids() {
    List<Long> pids = new ArrayList<>();
    long broker = brokerPid();
    if (broker != -1) {
      pids.add(broker);
    }
    if (postgres.isRunning()) {
      postgres.postmasterPid().ifPresent(pids::add);
    }
    return pids;
  }

  /** Stops Kafka (gracefully, at most 60 s), then PostgreSQL. */
  @Override
  public void close() {
    ChildProcess broker = kafka();
    if (broker != null) {
      broker.requestStop();
      broker.awaitStop(60_000);
    }
    postgres.close();
  }
}
