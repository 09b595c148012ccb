package io.equitoken.platform.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * A Kafka broker of a test's own that can really go away and come back at the same address, for
 * outage tests. Kafka's test kit binds random ports, so the stable address is a {@link TcpProxy} on
 * a fixed port, which is also the broker's advertised listener; {@link #stop()} destroys the broker
 * and closes the proxy, {@link #start()} starts a fresh broker behind it.
 */
public final class RestartableKafka implements AutoCloseable {

  private final int port = freePort();
  private final TcpProxy proxy = new TcpProxy(port, this::brokerAddress);
  private volatile EmbeddedKafkaKraftBroker broker;

  /** The stable address clients use ({@code spring.kafka.bootstrap-servers}). */
  public String bootstrapServers() {
    return "localhost:" + port;
  }

  public synchronized RestartableKafka start() {
    if (broker == null) {
      proxy.start();
      EmbeddedKafkaKraftBroker kraft = KafkaFixture.configure(new EmbeddedKafkaKraftBroker(1, 3));
      kraft.brokerProperty("advertised.listeners", "EXTERNAL://" + bootstrapServers());
      broker = kraft;
      kraft.afterPropertiesSet();
    }
    return this;
  }

  public synchronized void stop() {
    proxy.stop();
    EmbeddedKafkaKraftBroker stopped = broker;
    broker = null;
    if (stopped != null) {
      stopped.destroy();
    }
  }

  @Override
  public void close() {
    stop();
  }

  /** Where the current broker really listens; null while there is none. */
  private InetSocketAddress brokerAddress() {
    EmbeddedKafkaKraftBroker current = broker;
    if (current == null || current.getCluster() == null) {
      return null;
    }
    String actual = current.getCluster().bootstrapServers().split(",")[0];
    int actualPort = Integer.parseInt(actual.substring(actual.lastIndexOf(':') + 1));
    return new InetSocketAddress(InetAddress.getLoopbackAddress(), actualPort);
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
