package io.equitoken.trading.matcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** Which open transactions an instance taking partitions over fences, and which it leaves alone. */
class TakeoverTest {

  private static final MatcherConfig CONFIG =
      MatcherConfig.builder("localhost:9092").instanceId("pod-b").build();
  private static final String PREFIX = CONFIG.transactionalIdPrefix() + "-";
  private static final Set<TopicPartition> TAKEN =
      Takeover.written(List.of(CONFIG.eventsTopic(), CONFIG.snapshotsTopic()), List.of(2, 3));

  @Test
  void shouldFenceOnlyOtherInstancesOfTheMatcher() {
    assertThat(Takeover.isOtherInstance("trading-matcher-pod-a", PREFIX, CONFIG.transactionalId()))
        .isTrue();
    assertThat(Takeover.isOtherInstance("trading-matcher-pod-b", PREFIX, CONFIG.transactionalId()))
        .as("its own")
        .isFalse();
    assertThat(Takeover.isOtherInstance("trading-service-tx-1", PREFIX, CONFIG.transactionalId()))
        .as("another producer")
        .isFalse();
    assertThat(Takeover.isOtherInstance("trading-matchers-x", PREFIX, CONFIG.transactionalId()))
        .as("a prefix that only starts alike")
        .isFalse();
  }

  @Test
  void shouldTakeTheEventAndSnapshotPartitionsOfTheCommandPartitions() {
    assertThat(TAKEN)
        .containsExactlyInAnyOrder(
            new TopicPartition("trading.events.v1", 2),
            new TopicPartition("trading.events.v1", 3),
            new TopicPartition("trading.matcher-snapshots.v1", 2),
            new TopicPartition("trading.matcher-snapshots.v1", 3));
  }

  @Test
  void shouldFenceAnOpenTransactionOnAPartitionTakenOverOnly() {
    assertThat(Takeover.holdsBack(open(new TopicPartition("trading.events.v1", 3)), TAKEN))
        .isTrue();
    assertThat(
            Takeover.holdsBack(open(new TopicPartition("trading.matcher-snapshots.v1", 2)), TAKEN))
        .isTrue();
    assertThat(Takeover.holdsBack(open(new TopicPartition("trading.events.v1", 1)), TAKEN))
        .as("a live instance's transaction on the partitions it keeps")
        .isFalse();
    assertThat(Takeover.holdsBack(open(new TopicPartition("trading.orders.v1.dlt", 0)), TAKEN))
        .as("the dead letters every instance writes")
        .isFalse();
    assertThat(
            Takeover.holdsBack(
                transaction(
                    TransactionState.COMPLETE_COMMIT, new TopicPartition("trading.events.v1", 3)),
                TAKEN))
        .as("ended meanwhile")
        .isFalse();
    assertThat(Takeover.holdsBack(null, TAKEN)).as("gone meanwhile").isFalse();
  }

  private static TransactionDescription open(TopicPartition wrote) {
    return transaction(TransactionState.ONGOING, wrote);
  }

  private static TransactionDescription transaction(TransactionState state, TopicPartition wrote) {
    return new TransactionDescription(
        0, state, 4711L, 3, 10_000L, OptionalLong.of(System.currentTimeMillis()), Set.of(wrote));
  }
}
