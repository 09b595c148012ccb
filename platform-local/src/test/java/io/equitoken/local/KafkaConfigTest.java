package io.equitoken.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaConfigTest {

  @Test
  void shouldRunOneCombinedNodeOnTheOffsetPorts() {
    Map<String, String> props =
        KafkaConfig.serverProperties(new PortPlan(200), Path.of("/b/kafka/data"));

    assertThat(props)
        .containsEntry("process.roles", "broker,controller")
        .containsEntry("listeners", "PLAINTEXT://localhost:19292,CONTROLLER://localhost:19293")
        .containsEntry("controller.quorum.bootstrap.servers", "localhost:19293")
        .containsEntry("log.dirs", "/b/kafka/data")
        .containsEntry("auto.create.topics.enable", "false")
        .containsEntry("offsets.topic.replication.factor", "1")
        .containsEntry("transaction.state.log.replication.factor", "1")
        .containsEntry("transaction.state.log.min.isr", "1")
        .containsEntry("metadata.max.idle.interval.ms", "5000");
  }

  @Test
  void shouldRenderOnePropertyPerLine() {
    String text = KafkaConfig.render(Map.of("node.id", "1"));

    assertThat(text).endsWith("node.id=1\n");
  }

  @Test
  void shouldNeverMakeAClusterIdTheStorageToolWouldReadAsAnOption() {
    // one random id in 64 starts with '-': 10,000 draws all pass only if they are redrawn
    for (int i = 0; i < 10_000; i++) {
      assertThat(KafkaNode.clusterId()).doesNotStartWith("-");
    }
    // the encoding itself does produce such ids (first six bits 111110 → index 62, "-")
    assertThat(KafkaNode.clusterId(new java.util.UUID(0xF800000000000000L, 0L))).startsWith("-");
  }

  @Test
  void shouldMakeClusterIdsLikeKafkaDoes() {
    String id = KafkaNode.clusterId();

    assertThat(id).hasSize(22).matches("[A-Za-z0-9_-]+");
    assertThat(KafkaNode.clusterId()).isNotEqualTo(id);
  }

  @Test
  void shouldFindEveryBrokerJar() {
    assertThat(BrokerClasspath.entries())
        .anyMatch(e -> e.endsWith("/kafka_2.13-4.1.2.jar"))
        .anyMatch(e -> e.contains("/log4j-core-"));
    String classpath = BrokerClasspath.resolve();
    for (String jar : classpath.split(java.io.File.pathSeparator)) {
      assertThat(Path.of(jar)).isRegularFile();
    }
  }
}
