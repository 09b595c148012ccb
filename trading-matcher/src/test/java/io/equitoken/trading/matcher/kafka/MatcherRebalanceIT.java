package io.equitoken.trading.matcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.trading.matcher.core.MatcherCommand;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;

/** A second instance joins while commands flow: partitions move with their state, once each. */
class MatcherRebalanceIT {

  private final MatcherFixture fixture = new MatcherFixture();

  @Test
  void shouldKeepEveryGuaranteeWhenASecondInstanceJoinsMidStream() throws Exception {
    List<String> tokens =
        List.of(
            "70c00000-0000-4000-8000-0000000000d1",
            "70c00000-0000-4000-8000-0000000000d2",
            "70c00000-0000-4000-8000-0000000000d3",
            "70c00000-0000-4000-8000-0000000000d4",
            "70c00000-0000-4000-8000-0000000000d5",
            "70c00000-0000-4000-8000-0000000000d6");
    List<MatcherCommand> commands = Sessions.random(11, tokens, 100);
    MatcherConfig first = fixture.config("m1");
    MatcherConfig second = fixture.config("m2");
    MatcherTopics.ensure(first);
    int half = commands.size() / 2;

    try (Matcher m1 = new Matcher(first).start();
        KafkaProducer<String, String> producer = CommandRecords.producer(fixture.bootstrap)) {
      // given m1 alone working through the first half, sent in small bursts
      for (MatcherCommand c : commands.subList(0, half)) {
        producer.send(CommandRecords.record(first.commandsTopic(), c));
      }
      producer.flush();
      Map<String, Long> hashes = new HashMap<>();
      // when m2 joins while the second half arrives
      try (Matcher m2 = new Matcher(second).start()) {
        int sent = half;
        while (sent < commands.size()) {
          int until = Math.min(commands.size(), sent + 20);
          for (MatcherCommand c : commands.subList(sent, until)) {
            producer.send(CommandRecords.record(first.commandsTopic(), c));
          }
          producer.flush();
          sent = until;
          Thread.sleep(50);
        }
        CommandRecords.awaitCaughtUp(first, Duration.ofSeconds(90));
        hashes.putAll(settledStateHashes(m1, m2, first.partitions()));
      }
      // then every event once, and both instances' states together equal a clean replay
      fixture.checkExactlyOnce(commands, fixture.events(commands), hashes);
    }
  }

  /**
   * Both instances' states once the group has settled: each instance holds partitions, none holds
   * one the other does, together they hold all, and neither assignment changed while the states
   * were read. The group may still be rebalancing after the commands are caught up (an instance
   * that joined late takes partitions in a later generation), and a state read in between holds
   * only the partitions held at that moment.
   */
  private static Map<String, Long> settledStateHashes(Matcher m1, Matcher m2, int partitions)
      throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (true) {
      Set<Integer> one = m1.assignedPartitions();
      Set<Integer> two = m2.assignedPartitions();
      if (!one.isEmpty()
          && !two.isEmpty()
          && Collections.disjoint(one, two)
          && one.size() + two.size() == partitions) {
        Map<String, Long> hashes = new HashMap<>(m1.stateHashes(Duration.ofSeconds(10)));
        hashes.putAll(m2.stateHashes(Duration.ofSeconds(10)));
        if (one.equals(m1.assignedPartitions()) && two.equals(m2.assignedPartitions())) {
          return hashes;
        }
      }
      assertThat(System.nanoTime() - deadline)
          .as("the group settles: m1 holds %s, m2 holds %s of %d", one, two, partitions)
          .isNegative();
      Thread.sleep(100);
    }
  }
}
