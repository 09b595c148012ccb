package io.equitoken.platform.test;

import java.util.Map;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;
import org.testcontainers.kafka.KafkaContainer;

/**
 * One real Kafka broker (KRaft) per test JVM: external when {@code KAFKA_BOOTSTRAP_SERVERS} is set,
 * a container when a Docker engine is present, otherwise an in-process KRaft broker built from
 * Kafka's own server artifacts.
 */
final class KafkaFixture {

  /** The settings every test broker shares: auto-created topics, single-node internal topics. */
  static final Map<String, String> BROKER_SETTINGS =
      Map.of(
          "auto.create.topics.enable", "true",
          "num.partitions", "3",
          "group.initial.rebalance.delay.ms", "0",
          "transaction.state.log.replication.factor", "1",
          "transaction.state.log.min.isr", "1");

  private KafkaFixture() {}

  static String startShared() {
    String external = System.getenv("KAFKA_BOOTSTRAP_SERVERS");
    if (external != null && !external.isBlank()) {
      return external;
    }
    if (DockerProbe.dockerAvailable()) {
      return Containers.kafka();
    }
    EmbeddedKafkaKraftBroker broker = startEmbedded();
    AtExit.afterApplicationContexts(broker::destroy);
    return broker.getBrokersAsString();
  }

  static EmbeddedKafkaKraftBroker startEmbedded() {
    EmbeddedKafkaKraftBroker broker = configure(new EmbeddedKafkaKraftBroker(1, 3));
    broker.afterPropertiesSet();
    return broker;
  }

  /** A broker with {@link #BROKER_SETTINGS}. */
  static EmbeddedKafkaKraftBroker configure(EmbeddedKafkaKraftBroker broker) {
    BROKER_SETTINGS.forEach(broker::brokerProperty);
    return broker;
  }

  private static final class Containers {
    static String kafka() {
      KafkaContainer container = new KafkaContainer("apache/kafka:4.1.2");
      container.start();
      return container.getBootstrapServers();
    }
  }
}
