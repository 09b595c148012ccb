package io.equitoken.trading.matcher.kafka;

import io.equitoken.trading.matcher.core.CommandProcessor;
import io.equitoken.trading.matcher.core.MatcherCommand;
import io.equitoken.trading.matcher.core.MatcherEvent;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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

  /** Bytes (keys and values) of the commands read since the last snapshot. */
  long commandBytesSinceSnapshot;

  /** Bytes of the last snapshot's records (or of the one restored from), 0 before any. */
  long lastSnapshotBytes;

  /** Bytes of the snapshot records made but not yet committed. */
  private long pendingSnapshotBytes;

  long lastSnapshotNanos;
  final Set<String> dirtyTokens = new HashSet<>();

  /** Tokens whose latest snapshot is in chunks, and how many. */
  final Map<String, Integer> chunks = new HashMap<>();

  /** Reused by every snapshot of the partition, so that it grows to a snapshot's size once. */
  private final ByteArrayOutputStream snapshotBuffer = new ByteArrayOutputStream(64 * 1024);

  PartitionState(int partition, CommandProcessor processor, long nextOffset) {
    this.partition = partition;
    this.processor = processor;
    this.nextOffset = nextOffset;
    this.lastSnapshotNanos = System.nanoTime();
  }

  /**
   * A partition restored from a snapshot of {@code snapshotBytes} (UTF-8, every record of it), in
   * which the tokens of {@code chunks} were written in that many pieces.
   */
  PartitionState(
      int partition,
      CommandProcessor processor,
      long nextOffset,
      long snapshotBytes,
      Map<String, Integer> chunks) {
    this(partition, processor, nextOffset);
    this.lastSnapshotBytes = snapshotBytes;
    this.chunks.putAll(chunks);
  }

  /**
   * The snapshot records of the changed tokens plus the manifest, covering {@link #nextOffset};
   * each value written straight to UTF-8 JSON bytes. A token whose snapshot is larger than {@code
   * chunkBytes} is written as chunks ({@code token|<tokenId>|<i>}, counted in the manifest's {@code
   * chunks}), so that no record nears the topic's largest message however long its history; the
   * records a token no longer uses get tombstones.
   */
  List<ProducerRecord<String, byte[]>> snapshotRecords(
      String topic, JsonMapper json, int chunkBytes) {
    List<ProducerRecord<String, byte[]>> records = new ArrayList<>();
    pendingSnapshotBytes = 0;
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
      byte[] bytes = out.toByteArray();
      pendingSnapshotBytes += bytes.length;
      // the state is discarded and restored if the transaction aborts, so the counts can change now
      int before = chunks.getOrDefault(tokenId, 1);
      List<byte[]> parts = chunks(bytes, chunkBytes);
      if (parts.size() == 1) {
        records.add(new ProducerRecord<>(topic, partition, TOKEN_PREFIX + tokenId, bytes));
        chunks.remove(tokenId);
      } else {
        for (int i = 0; i < parts.size(); i++) {
          records.add(new ProducerRecord<>(topic, partition, chunkKey(tokenId, i), parts.get(i)));
        }
        chunks.put(tokenId, parts.size());
      }
      records.addAll(tombstones(topic, tokenId, before, parts.size()));
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
      if (!chunks.isEmpty()) {
        g.writeObjectPropertyStart("chunks");
        for (Map.Entry<String, Integer> e : new TreeMap<>(chunks).entrySet()) {
          g.writeNumberProperty(e.getKey(), e.getValue());
        }
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    records.add(
        new ProducerRecord<>(topic, partition, MANIFEST_PREFIX + partition, out.toByteArray()));
    pendingSnapshotBytes += out.size();
    return records;
  }

  /** Tombstones for the records of a token's previous snapshot that its new one does not use. */
  private List<ProducerRecord<String, byte[]>> tombstones(
      String topic, String tokenId, int before, int now) {
    List<ProducerRecord<String, byte[]>> records = new ArrayList<>();
    if (before == 1 && now > 1) {
      records.add(new ProducerRecord<>(topic, partition, TOKEN_PREFIX + tokenId, null));
    }
    for (int i = now == 1 ? 0 : now; before > 1 && i < before; i++) {
      records.add(new ProducerRecord<>(topic, partition, chunkKey(tokenId, i), null));
    }
    return records;
  }

  static String chunkKey(String tokenId, int index) {
    return TOKEN_PREFIX + tokenId + "|" + index;
  }

  /**
   * The bytes in pieces of at most {@code size}, each cut before a UTF-8 lead byte, so that every
   * piece is whole characters and the pieces decoded one by one join to the text.
   */
  static List<byte[]> chunks(byte[] bytes, int size) {
    if (bytes.length <= size) {
      return List.of(bytes);
    }
    List<byte[]> parts = new ArrayList<>();
    int from = 0;
    while (from < bytes.length) {
      int to = Math.min(bytes.length, from + size);
      while (to < bytes.length && to > from + 1 && (bytes[to] & 0xC0) == 0x80) {
        to--;
      }
      parts.add(Arrays.copyOfRange(bytes, from, to));
      from = to;
    }
    return parts;
  }

  /**
   * A token's snapshot as the latest records of the snapshot partition hold it: its one record, or
   * its {@code chunks} pieces joined; null if a piece is missing.
   */
  static String tokenSnapshot(Map<String, String> latest, String tokenId, int chunks) {
    if (chunks <= 1) {
      return latest.get(TOKEN_PREFIX + tokenId);
    }
    StringBuilder joined = new StringBuilder();
    for (int i = 0; i < chunks; i++) {
      String part = latest.get(chunkKey(tokenId, i));
      if (part == null) {
        return null;
      }
      joined.append(part);
    }
    return joined.toString();
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
    commandBytesSinceSnapshot +=
        Math.max(0, record.serializedKeySize()) + Math.max(0, record.serializedValueSize());
    nextOffset = record.offset() + 1;
    return events;
  }

  /**
   * Whether a snapshot is due: something changed since the last one, the commands since then weigh
   * at least {@code sizeRatio} of it, and there were {@code everyCommands} of them or {@code
   * everyNanos} passed.
   */
  boolean snapshotDue(int everyCommands, long everyNanos, double sizeRatio, long nowNanos) {
    if (commandsSinceSnapshot == 0 || commandBytesSinceSnapshot < sizeRatio * lastSnapshotBytes) {
      return false;
    }
    return commandsSinceSnapshot >= everyCommands || nowNanos - lastSnapshotNanos >= everyNanos;
  }

  void snapshotCommitted() {
    commandsSinceSnapshot = 0;
    commandBytesSinceSnapshot = 0;
    lastSnapshotBytes = pendingSnapshotBytes;
    dirtyTokens.clear();
    lastSnapshotNanos = System.nanoTime();
  }

  static long manifestOffset(JsonNode manifest) {
    return manifest.get("offset").asLong();
  }
}
