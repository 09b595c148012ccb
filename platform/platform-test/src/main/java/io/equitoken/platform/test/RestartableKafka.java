package io.equitoken.platform.test;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * A Kafka broker of a test's own that can really go away and come back at the same address, for
 * outage tests: one KRaft node (broker and controller) in this JVM. Kafka binds its listeners on
 * free ports, so the stable address is a {@link TcpProxy} on a fixed port, which is also the
 * broker's advertised listener.
 *
 * <ul>
 *   <li>{@link #stopKeepingData()} shuts the broker down cleanly and keeps its log directory; the
 *       next {@link #start()} is the same cluster (same cluster id, same log, so the same topics,
 *       committed offsets, transaction state and producer ids and epochs) at the same address: a
 *       broker restart.
 *   <li>{@link #stop()} shuts it down and deletes the log; the next {@link #start()} is a new,
 *       empty cluster at the same address: a broker replaced by another.
 * </ul>
 */
public final class RestartableKafka implements AutoCloseable {

  private static final String EXTERNAL = "EXTERNAL";
  private static final String CONTROLLER = "CONTROLLER";

  private final int port = freePort();
  private final TcpProxy proxy = new TcpProxy(port, this::brokerAddress);
  private Path logDir;
  private String clusterId;
  private volatile KafkaRaftServer server;
  private volatile int brokerPort;

  /** The stable address clients use ({@code spring.kafka.bootstrap-servers}). */
  public String bootstrapServers() {
    return "localhost:" + port;
  }

  /**
   * Starts the broker: on the log of the last {@link #stopKeepingData()} if there is one, else on a
   * new, empty log. Returns once the broker serves.
   */
  public synchronized RestartableKafka start() {
    if (server != null) {
      return this;
    }
    try {
      boolean fresh = logDir == null;
      if (fresh) {
        logDir = Files.createTempDirectory("restartable-kafka");
        clusterId = Uuid.randomUuid().toString();
      }
      int listenerPort = freePort();
      int controllerPort = freePort();
      KafkaConfig config = KafkaConfig.fromProps(properties(listenerPort, controllerPort), false);
      if (fresh) {
        format();
      }
      KafkaRaftServer started = new KafkaRaftServer(config, Time.SYSTEM);
      started.startup();
      brokerPort = listenerPort;
      server = started;
      proxy.start();
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A clean broker shutdown that keeps the log directory: {@link #start()} then brings the same
   * cluster back, with every topic, committed offset and transaction as they were.
   */
  public synchronized void stopKeepingData() {
    KafkaRaftServer stopped = server;
    server = null;
    if (stopped != null) {
      stopped.shutdown();
      stopped.awaitShutdown();
    }
    proxy.stop();
  }

  /** Stops the broker and deletes its log: the next {@link #start()} is a new, empty cluster. */
  public synchronized void stop() {
    stopKeepingData();
    if (logDir != null) {
      delete(logDir);
      logDir = null;
    }
  }

  @Override
  public void close() {
    stop();
  }

  private Properties properties(int listenerPort, int controllerPort) {
    Properties p = new Properties();
    p.putAll(KafkaFixture.BROKER_SETTINGS);
    p.put("process.roles", "broker,controller");
    p.put("node.id", "0");
    p.put("controller.quorum.voters", "0@localhost:" + controllerPort);
    p.put(
        "listeners",
        EXTERNAL
            + "://localhost:"
            + listenerPort
            + ","
            + CONTROLLER
            + "://localhost:"
            + controllerPort);
    p.put("advertised.listeners", EXTERNAL + "://" + bootstrapServers());
    p.put("listener.security.protocol.map", EXTERNAL + ":PLAINTEXT," + CONTROLLER + ":PLAINTEXT");
    p.put("inter.broker.listener.name", EXTERNAL);
    p.put("controller.listener.names", CONTROLLER);
    p.put("log.dirs", logDir.toString());
    p.put("offsets.topic.replication.factor", "1");
    p.put("offsets.topic.num.partitions", "5");
    p.put("transaction.state.log.num.partitions", "5");
    return p;
  }

  private void format() {
    try {
      new Formatter()
          .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
          .setNodeId(0)
          .setClusterId(clusterId)
          .setDirectories(List.of(logDir.toString()))
          .setMetadataLogDirectory(logDir.toString())
          .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
          .setControllerListenerName(CONTROLLER)
          .run();
    } catch (Exception e) {
      throw new IllegalStateException("Could not format " + logDir, e);
    }
  }

  /** Where the current broker really listens; null while there is none. */
  private InetSocketAddress brokerAddress() {
    return server == null
        ? null
        : new InetSocketAddress(InetAddress.getLoopbackAddress(), brokerPort);
  }

  private static void delete(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
