package io.equitoken.trading.matcher.kafka;

import io.equitoken.trading.matcher.core.CommandProcessor;
import io.equitoken.trading.matcher.core.MatcherCommand;
import io.equitoken.trading.matcher.core.MatcherEvent;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What one command partition's single writer holds: the tokens' books, the next command offset the
 * state covers, and the snapshot bookkeeping. Snapshot records go to the same partition number of
 * the snapshot topic: one record per changed token (key {@code token|<tokenId>}) and one manifest
 * (key {@code manifest|<partition>}) naming the covered offset and every token of the partition.
 */
final class PartitionState {

  static final String MANIFEST_PREFIX = "manifest|";
  static final String TOKEN_PREFIX = "token|";

  final int partition;
  final CommandProcessor processor;
  long nextOffset;
  int commandsSinceSnapshot;
  long lastSnapshotNanos;
  final Set<String> dirtyTokens = new HashSet<>();

  /** Reused by every snapshot of the partition, so that it grows to a snapshot's size once. */
  private final ByteArrayOutputStream snapshotBuffer = new ByteArrayOutputStream(64 * 1024);

  PartitionState(int partition, CommandProcessor processor, long nextOffset) {
    this.partition = partition;
    this.processor = processor;
    this.nextOffset = nextOffset;
    this.lastSnapshotNanos = System.nanoTime();
  }

  /**
   * The snapshot records of the changed tokens plus the manifest, covering {@link #nextOffset};
   * each value written straight to UTF-8 JSON bytes.
   */
  List<ProducerRecord<String, byte[]>> snapshotRecords(String topic, JsonMapper json) {
    List<ProducerRecord<String, byte[]>> records = new ArrayList<>();
    ByteArrayOutputStream out = snapshotBuffer;
    for (String tokenId : new TreeSet<>(dirtyTokens)) {
      out.reset();
      try (JsonGenerator g = json.createGenerator(out)) {
        g.writeStartObject();
        g.writeNumberProperty("partition", partition);
        g.writeNumberProperty("offset", nextOffset);
        g.writeName("book");
        if (!processor.writeSnapshot(tokenId, g)) {
          continue;
        }
        g.writeEndObject();
      }
      records.add(
          new ProducerRecord<>(topic, partition, TOKEN_PREFIX + tokenId, out.toByteArray()));
    }
    out.reset();
    try (JsonGenerator g = json.createGenerator(out)) {
      g.writeStartObject();
      g.writeNumberProperty("partition", partition);
      g.writeNumberProperty("offset", nextOffset);
      g.writeArrayPropertyStart("tokens");
      for (String id : new TreeSet<>(processor.tokenIds())) {
        g.writeString(id);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    records.add(
        new ProducerRecord<>(topic, partition, MANIFEST_PREFIX + partition, out.toByteArray()));
    return records;
  }

  /**
   * Reads and applies one command record, keeping the snapshot bookkeeping; throws {@link
   * CommandReader.UnreadableCommandException} for a record that is not a command of this token
   * partition (it changes nothing).
   */
  List<MatcherEvent> process(ConsumerRecord<String, String> record) {
    MatcherCommand command = CommandReader.read(record);
    if (!command.tokenId().equals(record.key())) {
      throw new CommandReader.UnreadableCommandException(
          "Command "
              + command.commandId()
              + " of token "
              + command.tokenId()
              + " is keyed "
              + record.key()
              + ": commands must be keyed by their tokenId");
    }
    List<MatcherEvent> events = processor.apply(command);
    if (processor.tokenIds().contains(command.tokenId())) {
      dirtyTokens.add(command.tokenId());
    }
    commandsSinceSnapshot++;
    nextOffset = record.offset() + 1;
    return events;
  }

  void snapshotCommitted() {
    commandsSinceSnapshot = 0;
    dirtyTokens.clear();
    lastSnapshotNanos = System.nanoTime();
  }

  static long manifestOffset(JsonNode manifest) {
    return manifest.get("offset").asLong();
  }
}
