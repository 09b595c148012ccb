package io.equitoken.trading.matcher.kafka;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Creates the matcher's topics if they are missing: commands and events with {@link
 * MatcherConfig#partitions()} partitions (commands kept forever, so that a clean replay of the
 * whole topic stays possible), and the compacted snapshot topic with as many partitions as the
 * command topic really has (snapshot partition p belongs to command partition p).
 */
public final class MatcherTopics {

  /** Largest record of the snapshot topic (and request of the matcher's producer). */
  public static final int MAX_SNAPSHOT_BYTES = 16 * 1024 * 1024;

  private MatcherTopics() {}

  public static void ensure(MatcherConfig config) {
    try (Admin admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers()))) {
      create(
          admin,
          new NewTopic(config.commandsTopic(), config.partitions(), config.replicationFactor())
              .configs(Map.of(TopicConfig.RETENTION_MS_CONFIG, "-1")));
      create(
          admin,
          new NewTopic(config.eventsTopic(), config.partitions(), config.replicationFactor()));
      create(
          admin,
          new NewTopic(config.commandsTopic() + ".dlt", 1, config.replicationFactor())
              .configs(Map.of(TopicConfig.RETENTION_MS_CONFIG, "-1")));
      int commandPartitions = partitions(admin, config.commandsTopic());
      create(
          admin,
          new NewTopic(config.snapshotsTopic(), commandPartitions, config.replicationFactor())
              .configs(
                  Map.of(
                      TopicConfig.CLEANUP_POLICY_CONFIG,
                      TopicConfig.CLEANUP_POLICY_COMPACT,
                      TopicConfig.MAX_MESSAGE_BYTES_CONFIG,
                      String.valueOf(MAX_SNAPSHOT_BYTES))));
      int snapshotPartitions = partitions(admin, config.snapshotsTopic());
      if (snapshotPartitions < commandPartitions) {
        admin
            .createPartitions(
                Map.of(config.snapshotsTopic(), NewPartitions.increaseTo(commandPartitions)))
            .all()
            .get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while creating the matcher's topics", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("Could not create the matcher's topics", e.getCause());
    }
  }

  private static void create(Admin admin, NewTopic topic)
      throws InterruptedException, ExecutionException {
    try {
      admin.createTopics(List.of(topic)).all().get();
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw e;
      }
    }
  }

  /** The topic's partition count; retried briefly, as a new topic takes a moment to be known. */
  static int partitions(Admin admin, String topic) throws InterruptedException, ExecutionException {
    for (int attempt = 1; ; attempt++) {
      try {
        Map<String, TopicDescription> d = admin.describeTopics(Set.of(topic)).allTopicNames().get();
        return d.get(topic).partitions().size();
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || attempt >= 50) {
          throw e;
        }
        Thread.sleep(100);
      }
    }
  }
}
