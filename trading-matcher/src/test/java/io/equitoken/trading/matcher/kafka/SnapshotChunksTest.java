package io.equitoken.trading.matcher.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.trading.matcher.core.CommandProcessor;
import io.equitoken.trading.matcher.core.Commands;
import io.equitoken.trading.matcher.core.EngineFactory;
import io.equitoken.trading.matcher.core.MatcherCommand;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A token's snapshot larger than the chunk size is written as several records and joined again on
 * restore; the records a token's snapshot no longer uses are deleted.
 */
class SnapshotChunksTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String TOPIC = "snapshots";

  private final Commands c = new Commands("token-chunks");
  private final PartitionState state =
      new PartitionState(0, new CommandProcessor(EngineFactory.FAST), 0);

  /** The snapshot partition as compaction leaves it: the latest value per key. */
  private final Map<String, String> latest = new HashMap<>();

  private long offset;
  private int orders;

  private void read(MatcherCommand command) {
    ProducerRecord<String, String> sent = CommandRecords.record("orders", command);
    state.process(
        new ConsumerRecord<>(
            "orders",
            0,
            offset++,
            0L,
            TimestampType.CREATE_TIME,
            sent.key().length(),
            sent.value().length(),
            sent.key(),
            sent.value(),
            sent.headers(),
            Optional.empty()));
  }

  private void placeOrders(int count) {
    for (int i = 0; i < count; i++) {
      orders++;
      read(c.place("B" + orders, "investor-" + orders, "W", "buy", "1", "9"));
    }
  }

  /** Writes a snapshot as the matcher does and applies its records to {@link #latest}. */
  private List<ProducerRecord<String, byte[]>> snapshot(int chunkBytes) {
    List<ProducerRecord<String, byte[]>> records = state.snapshotRecords(TOPIC, JSON, chunkBytes);
    state.snapshotCommitted();
    for (ProducerRecord<String, byte[]> r : records) {
      if (r.value() == null) {
        latest.remove(r.key());
      } else {
        latest.put(r.key(), new String(r.value(), StandardCharsets.UTF_8));
      }
    }
    return records;
  }

  private int chunksInManifest() {
    JsonNode manifest = JSON.readTree(latest.get(PartitionState.MANIFEST_PREFIX + 0));
    return manifest.path("chunks").path(c.token()).asInt(1);
  }

  /** What a restore from {@link #latest} makes of the token, compared with the live state. */
  private void assertRestoresTheLiveState() {
    String snapshot = PartitionState.tokenSnapshot(latest, c.token(), chunksInManifest());
    CommandProcessor restored = new CommandProcessor(EngineFactory.REFERENCE);
    restored.restore(JSON.readTree(snapshot).get("book"));
    assertThat(restored.stateHashes()).isEqualTo(state.processor.stateHashes());
  }

  private static List<String> keys(List<ProducerRecord<String, byte[]>> records, boolean deleted) {
    List<String> keys = new ArrayList<>();
    records.stream().filter(r -> (r.value() == null) == deleted).forEach(r -> keys.add(r.key()));
    return keys;
  }

  @Test
  void shouldCutTheBytesIntoPiecesOfWholeCharactersThatJoinToTheText() {
    String text = "Zürich—東京 €1.000 ".repeat(40);
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);

    List<byte[]> pieces = PartitionState.chunks(bytes, 7);

    assertThat(pieces).hasSizeGreaterThan(bytes.length / 7);
    StringBuilder joined = new StringBuilder();
    for (byte[] piece : pieces) {
      assertThat(piece.length).isBetween(1, 7);
      assertThat(piece[0] & 0xC0).as("a piece starts a character").isNotEqualTo(0x80);
      joined.append(new String(piece, StandardCharsets.UTF_8));
    }
    assertThat(joined.toString()).isEqualTo(text);
    assertThat(PartitionState.chunks(bytes, bytes.length)).containsExactly(bytes);
  }

  @Test
  void shouldWriteALargeTokenInChunksAndRestoreItJoined() {
    read(c.register("1000000", "10"));
    read(c.open("W", "continuous", null));
    placeOrders(60);

    List<ProducerRecord<String, byte[]>> records = snapshot(1024);

    int chunks = chunksInManifest();
    assertThat(chunks).isGreaterThan(3);
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < chunks; i++) {
      expected.add(PartitionState.chunkKey(c.token(), i));
    }
    expected.add(PartitionState.MANIFEST_PREFIX + 0);
    assertThat(keys(records, false)).containsExactlyElementsOf(expected);
    assertThat(records).filteredOn(r -> r.value() != null).allMatch(r -> r.value().length <= 1024);
    assertRestoresTheLiveState();
  }

  @Test
  void shouldDeleteTheRecordsATokensSnapshotNoLongerUses() {
    read(c.register("1000000", "10"));
    read(c.open("W", "continuous", null));
    placeOrders(20);
    assertThat(keys(snapshot(1024 * 1024), true)).isEmpty();
    assertThat(chunksInManifest()).isOne();

    // one record → chunks: the single record is deleted
    placeOrders(1);
    List<ProducerRecord<String, byte[]>> chunked = snapshot(1024);
    int many = chunksInManifest();
    assertThat(keys(chunked, true)).containsExactly(PartitionState.TOKEN_PREFIX + c.token());
    assertRestoresTheLiveState();

    // more, larger chunks → fewer: the tail is deleted
    placeOrders(1);
    List<ProducerRecord<String, byte[]>> fewer = snapshot(4096);
    int few = chunksInManifest();
    assertThat(few).isBetween(2, many - 1);
    List<String> tail = new ArrayList<>();
    for (int i = few; i < many; i++) {
      tail.add(PartitionState.chunkKey(c.token(), i));
    }
    assertThat(keys(fewer, true)).containsExactlyElementsOf(tail);
    assertRestoresTheLiveState();

    // chunks → one record: every chunk is deleted
    placeOrders(1);
    List<ProducerRecord<String, byte[]>> single = snapshot(1024 * 1024);
    assertThat(chunksInManifest()).isOne();
    List<String> all = new ArrayList<>();
    for (int i = 0; i < few; i++) {
      all.add(PartitionState.chunkKey(c.token(), i));
    }
    assertThat(keys(single, true)).containsExactlyElementsOf(all);
    assertThat(latest.keySet())
        .containsExactlyInAnyOrder(
            PartitionState.TOKEN_PREFIX + c.token(), PartitionState.MANIFEST_PREFIX + 0);
    assertRestoresTheLiveState();
  }
}
