package io.equitoken.portfolio.it;

import static org.awaitility.Awaitility.await;

import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/** Waits until the service's consumer group has committed every record of both topics. */
final class ConsumerLag {

  static final String GROUP = "portfolio-service";

  private ConsumerLag() {}

  static void awaitCaughtUp() {
    await()
        .atMost(Duration.ofSeconds(180))
        .pollInterval(Duration.ofMillis(500))
        .until(ConsumerLag::caughtUp);
  }

  static boolean caughtUp() throws Exception {
    Properties props = new Properties();
    props.put(
        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.kafkaBootstrapServers());
    try (Admin admin = Admin.create(props)) {
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      for (var description :
          admin
              .describeTopics(List.of(Market.LISTINGS, Market.TRADING))
              .allTopicNames()
              .get(30, TimeUnit.SECONDS)
              .values()) {
        description
            .partitions()
            .forEach(
                p ->
                    latest.put(
                        new TopicPartition(description.name(), p.partition()),
                        OffsetSpec.latest()));
      }
      var ends = admin.listOffsets(latest).all().get(30, TimeUnit.SECONDS);
      Map<TopicPartition, OffsetAndMetadata> committed =
          admin
              .listConsumerGroupOffsets(GROUP)
              .partitionsToOffsetAndMetadata()
              .get(30, TimeUnit.SECONDS);
      for (var end : ends.entrySet()) {
        long last = end.getValue().offset();
        OffsetAndMetadata done = committed.get(end.getKey());
        if (last > 0 && (done == null || done.offset() < last)) {
          return false;
        }
      }
      return true;
    }
  }
}
