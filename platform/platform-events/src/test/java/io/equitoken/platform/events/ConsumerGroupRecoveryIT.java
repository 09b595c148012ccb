package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What {@link ConsumerGroupDefaults} buys after a crash, on a real broker: a member that comes back
 * with its instance id gets its partitions at once, and a survivor takes a dead member's partitions
 * after the 6 s session timeout, not Kafka's default 45 s. A crash is a member that stops without
 * leaving the group (as a SIGKILLed process does).
 */
class ConsumerGroupRecoveryIT {

  private static final int PARTITIONS = 4;
  private static String topic;

  @BeforeAll
  static void topic() throws Exception {
    topic = "group-recovery-" + UUID.randomUUID();
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                TestInfrastructure.kafkaBootstrapServers()))) {
      admin.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1))).all().get();
    }
  }

  @Test
  void shouldGiveARestartedStaticMemberItsPartitionsBackWithoutWaitingForItsSession()
      throws Exception {
    // given a member with a stable instance id that owns every partition, then crashes
    String group = "static-" + UUID.randomUUID();
    ConsumerGroupDefaults defaults = new ConsumerGroupDefaults(null, null, "instance-a");
    KafkaConsumer<String, String> first = member(group, defaults);
    awaitPartitions(first, PARTITIONS, Duration.ofSeconds(30));
    crash(first);

    // when it comes back under the same instance id
    long start = System.nanoTime();
    try (KafkaConsumer<String, String> restarted = member(group, defaults)) {
      awaitPartitions(restarted, PARTITIONS, Duration.ofSeconds(30));

      // then it has them well before the session timeout would have let anyone take them
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(defaults.sessionTimeout());
    }
  }

  @Test
  void shouldMoveACrashedMembersPartitionsToTheSurvivorWithinSeconds() throws Exception {
    // given two members of different instances sharing the partitions
    String group = "survivor-" + UUID.randomUUID();
    ConsumerGroupDefaults a = new ConsumerGroupDefaults(null, null, "instance-a");
    ConsumerGroupDefaults b = new ConsumerGroupDefaults(null, null, "instance-b");
    KafkaConsumer<String, String> dying = member(group, a);
    try (KafkaConsumer<String, String> survivor = member(group, b)) {
      long deadline = System.nanoTime() + Duration.ofSeconds(40).toNanos();
      while (survivor.assignment().size() + dying.assignment().size() < PARTITIONS
          || survivor.assignment().isEmpty()
          || dying.assignment().isEmpty()) {
        assertThat(System.nanoTime()).as("both members got partitions").isLessThan(deadline);
        survivor.poll(Duration.ofMillis(100));
        dying.poll(Duration.ofMillis(100));
      }

      // when one crashes
      crash(dying);
      long start = System.nanoTime();

      // then the survivor owns every partition within the session timeout and a rebalance
      awaitPartitions(survivor, PARTITIONS, Duration.ofSeconds(30));
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .isLessThan(a.sessionTimeout().plusSeconds(4));
    }
  }

  private static KafkaConsumer<String, String> member(
      String group, ConsumerGroupDefaults defaults) {
    Map<String, Object> p = new HashMap<>(defaults.consumerProperties("it"));
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.kafkaBootstrapServers());
    p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p);
    consumer.subscribe(List.of(topic));
    return consumer;
  }

  private static void awaitPartitions(
      KafkaConsumer<String, String> consumer, int expected, Duration bound) {
    long deadline = System.nanoTime() + bound.toNanos();
    while (consumer.assignment().size() < expected) {
      assertThat(System.nanoTime()).as("%d partitions assigned", expected).isLessThan(deadline);
      consumer.poll(Duration.ofMillis(100));
    }
    Set<TopicPartition> assigned = consumer.assignment();
    assertThat(assigned).hasSize(expected);
  }

  /** Stops heartbeating without leaving the group, as a killed process does. */
  private static void crash(KafkaConsumer<String, String> consumer) {
    consumer.close(
        CloseOptions.timeout(Duration.ZERO)
            .withGroupMembershipOperation(CloseOptions.GroupMembershipOperation.REMAIN_IN_GROUP));
  }
}
