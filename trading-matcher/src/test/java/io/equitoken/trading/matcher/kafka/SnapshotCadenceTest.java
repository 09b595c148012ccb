package io.equitoken.trading.matcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.trading.matcher.core.CommandProcessor;
import io.equitoken.trading.matcher.core.Commands;
import io.equitoken.trading.matcher.core.EngineFactory;
import io.equitoken.trading.matcher.core.MatcherCommand;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * When a partition is snapshotted: a token's state grows with its history, so a snapshot is written
 * again only once the commands read since the last one weigh as much as it did.
 */
class SnapshotCadenceTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String TOPIC = "orders";
  private static final long NEVER = Long.MAX_VALUE;

  private final Commands c = new Commands("token-cadence");
  private final PartitionState state =
      new PartitionState(0, new CommandProcessor(EngineFactory.FAST), 0);
  private long offset;

  private long read(MatcherCommand command) {
    ProducerRecord<String, String> sent = CommandRecords.record(TOPIC, command);
    int keySize = sent.key().getBytes(StandardCharsets.UTF_8).length;
    int valueSize = sent.value().getBytes(StandardCharsets.UTF_8).length;
    state.process(
        new ConsumerRecord<>(
            TOPIC,
            0,
            offset++,
            0L,
            TimestampType.CREATE_TIME,
            keySize,
            valueSize,
            sent.key(),
            sent.value(),
            sent.headers(),
            Optional.empty()));
    return keySize + valueSize;
  }

  /** A token with {@code orders} resting orders, every one of which the snapshot names. */
  private long fill(int orders) {
    long bytes = read(c.register("1000000", "10")) + read(c.open("W", "continuous", null));
    for (int i = 0; i < orders; i++) {
      bytes += read(c.place("B" + i, "investor-" + i, "W", "buy", "1", "9"));
    }
    return bytes;
  }

  private long snapshot() {
    List<ProducerRecord<String, byte[]>> records =
        state.snapshotRecords("snapshots", JSON, 1024 * 1024);
    state.snapshotCommitted();
    return records.stream().mapToLong(r -> r.value().length).sum();
  }

  @Test
  void shouldCountTheBytesOfTheCommandsReadAndOfTheSnapshotWritten() {
    long commandBytes = fill(20);
    assertThat(state.commandBytesSinceSnapshot).isEqualTo(commandBytes);
    assertThat(state.commandsSinceSnapshot).isEqualTo(22);

    long snapshotBytes = snapshot();

    assertThat(snapshotBytes).isGreaterThan(1_000);
    assertThat(state.lastSnapshotBytes).isEqualTo(snapshotBytes);
    assertThat(state.commandBytesSinceSnapshot).isZero();
    assertThat(state.commandsSinceSnapshot).isZero();
  }

  @Test
  void shouldWaitUntilTheCommandsSinceWeighAsMuchAsTheLastSnapshot() {
    fill(200);
    long snapshotBytes = snapshot();
    long now = System.nanoTime();

    int commands = 0;
    while (state.commandBytesSinceSnapshot < snapshotBytes) {
      assertThat(state.snapshotDue(1, 0, 1.0, now))
          .as("after %d commands of %d bytes", commands, state.commandBytesSinceSnapshot)
          .isFalse();
      read(c.place("late" + commands, "late-investor", "W", "buy", "1", "8"));
      commands++;
    }

    assertThat(commands).isGreaterThan(1);
    assertThat(state.snapshotDue(1, NEVER, 1.0, now)).isTrue();
    assertThat(state.snapshotDue(commands + 1, NEVER, 1.0, now)).isFalse();
    assertThat(state.snapshotDue(commands + 1, 0, 1.0, now)).isTrue();
    assertThat(state.snapshotDue(1, NEVER, 2.0, now)).isFalse();
  }

  @Test
  void shouldKeepTheCountAndTheClockAsTheOnlyRulesWhenTheRatioIsZero() {
    fill(200);
    snapshot();
    long now = System.nanoTime();

    assertThat(state.snapshotDue(1, 0, 0, now)).as("nothing changed since").isFalse();
    read(c.place("one", "late-investor", "W", "buy", "1", "8"));

    assertThat(state.snapshotDue(1, NEVER, 0, now)).isTrue();
    assertThat(state.snapshotDue(2, NEVER, 0, now)).isFalse();
    assertThat(state.snapshotDue(2, 0, 0, now)).isTrue();
    assertThat(state.snapshotDue(1, NEVER, 1.0, now)).isFalse();
  }
}
