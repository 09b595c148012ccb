package io.equitoken.trading.matcher.kafka;

import io.equitoken.trading.matcher.core.CommandProcessor;
import io.equitoken.trading.matcher.core.EngineFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Rebuilds one command partition's state: the latest committed snapshot (read_committed, so a
 * snapshot of an aborted transaction is never seen), then the commands after the offset it covers
 * up to {@code target}, applied without publishing anything (their output was committed together
 * with the offsets that cover them).
 */
final class Recovery implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(Recovery.class);
  private static final Duration POLL = Duration.ofMillis(100);
  private static final Duration LIMIT = Duration.ofMinutes(5);

  private final KafkaConsumer<String, String> reader;
  private final JsonMapper json;

  Recovery(String bootstrapServers, Map<String, Object> extra, JsonMapper json) {
    Properties p = new Properties();
    p.putAll(extra);
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
    // it reads only what is there, up to a known offset; a fetch left waiting for more (Kafka's
    // 500 ms by default) would hold up the next partition's requests on the same connection, as
    // the broker answers a connection's requests in order: half a second per partition taken over
    p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 10);
    p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, MatcherTopics.MAX_SNAPSHOT_BYTES);
    p.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, MatcherTopics.MAX_SNAPSHOT_BYTES * 4);
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    this.reader = new KafkaConsumer<>(p);
    this.json = json;
  }

  /**
   * @param committed the group's committed offset of the partition, or null if it has none (then
   *     the snapshot's offset, else the beginning)
   * @param useSnapshot false for a clean replay from the beginning
   */
  PartitionState restore(
      String commandsTopic,
      String snapshotsTopic,
      int partition,
      Long committed,
      EngineFactory engines,
      boolean useSnapshot) {
    TopicPartition commands = new TopicPartition(commandsTopic, partition);
    CommandProcessor processor = new CommandProcessor(engines);
    long start = reader.beginningOffsets(List.of(commands)).get(commands);
    long snapshotBytes = 0;
    Map<String, Integer> chunks = new HashMap<>();
    if (useSnapshot) {
      Map<String, String> latest = readAll(new TopicPartition(snapshotsTopic, partition));
      String manifestJson = latest.get(PartitionState.MANIFEST_PREFIX + partition);
      if (manifestJson != null) {
        JsonNode manifest = json.readTree(manifestJson);
        long covered = PartitionState.manifestOffset(manifest);
        if (committed != null && covered > committed) {
          log.warn(
              "Snapshot of {} covers offset {} beyond the committed {}: replaying from the start",
              commands,
              covered,
              committed);
        } else {
          snapshotBytes = utf8Bytes(manifestJson);
          JsonNode chunked = manifest.path("chunks");
          for (JsonNode id : manifest.get("tokens")) {
            String tokenId = id.asString();
            int pieces = chunked.path(tokenId).asInt(1);
            String record = PartitionState.tokenSnapshot(latest, tokenId, pieces);
            if (record == null) {
              throw new IllegalStateException(
                  "Snapshot of " + commands + " lacks the record of token " + tokenId);
            }
            processor.restore(json.readTree(record).get("book"));
            snapshotBytes += utf8Bytes(record);
            if (pieces > 1) {
              chunks.put(tokenId, pieces);
            }
          }
          start = Math.max(start, covered);
        }
      }
    }
    long target = committed != null ? committed : start;
    if (!useSnapshot) {
      target = reader.endOffsets(List.of(commands)).get(commands);
    }
    PartitionState state = new PartitionState(partition, processor, start, snapshotBytes, chunks);
    replay(commands, state, target);
    state.nextOffset = target;
    log.info(
        "Restored {}: snapshot up to {}, replayed to {}, {} tokens",
        commands,
        start,
        target,
        processor.tokenIds().size());
    return state;
  }

  private void replay(TopicPartition commands, PartitionState state, long target) {
    if (state.nextOffset >= target) {
      return;
    }
    reader.assign(List.of(commands));
    reader.seek(commands, state.nextOffset);
    long deadline = System.nanoTime() + LIMIT.toNanos();
    while (reader.position(commands) < target) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("Replay of " + commands + " did not reach " + target);
      }
      for (ConsumerRecord<String, String> record : reader.poll(POLL)) {
        if (record.offset() >= target) {
          break;
        }
        try {
          state.process(record);
        } catch (CommandReader.UnreadableCommandException e) {
          state.nextOffset = record.offset() + 1;
        }
      }
    }
    reader.unsubscribe();
  }

  /** Sizes are counted as written, in UTF-8 bytes, like the snapshots the partition writes. */
  private static long utf8Bytes(String value) {
    return value.getBytes(StandardCharsets.UTF_8).length;
  }

  /** Latest value per key of a compacted partition, up to its last stable offset. */
  private Map<String, String> readAll(TopicPartition tp) {
    Map<String, String> latest = new HashMap<>();
    reader.assign(List.of(tp));
    reader.seekToBeginning(List.of(tp));
    long end = reader.endOffsets(List.of(tp)).get(tp);
    long deadline = System.nanoTime() + LIMIT.toNanos();
    while (reader.position(tp) < end) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("Reading snapshots of " + tp + " did not reach " + end);
      }
      for (ConsumerRecord<String, String> record : reader.poll(POLL)) {
        if (record.value() == null) {
          latest.remove(record.key());
        } else {
          latest.put(record.key(), record.value());
        }
      }
    }
    reader.unsubscribe();
    return latest;
  }

  @Override
  public void close() {
    reader.close();
  }
}
