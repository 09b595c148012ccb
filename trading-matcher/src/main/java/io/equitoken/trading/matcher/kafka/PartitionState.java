package io.equitoken.trading.matcher.kafka;

import io.equitoken.trading.matcher.core.CommandProcessor;
import io.equitoken.trading.matcher.core.MatcherCommand;
import io.equitoken.trading.matcher.core.MatcherEvent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

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

  PartitionState(int partition, CommandProcessor processor, long nextOffset) {
    this.partition = partition;
    this.processor = processor;
    this.nextOffset = nextOffset;
    this.lastSnapshotNanos = System.nanoTime();
  }

  /** The snapshot records of the changed tokens plus the manifest, covering {@link #nextOffset}. */
  List<ProducerRecord<String, String>> snapshotRecords(String topic, JsonMapper json) {
    List<ProducerRecord<String, String>> records = new ArrayList<>();
    for (String tokenId : dirtyTokens.stream().sorted().toList()) {
      ObjectNode book = processor.snapshot(tokenId);
      if (book == null) {
        continue;
      }
      ObjectNode value = JsonNodeFactory.instance.objectNode();
      value.put("partition", partition);
      value.put("offset", nextOffset);
      value.set("book", book);
      records.add(
          new ProducerRecord<>(
              topic, partition, TOKEN_PREFIX + tokenId, json.writeValueAsString(value)));
    }
    ObjectNode manifest = JsonNodeFactory.instance.objectNode();
    manifest.put("partition", partition);
    manifest.put("offset", nextOffset);
    ArrayNode ids = manifest.putArray("tokens");
    processor.tokenIds().stream().sorted().forEach(ids::add);
    records.add(
        new ProducerRecord<>(
            topic, partition, MANIFEST_PREFIX + partition, json.writeValueAsString(manifest)));
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
