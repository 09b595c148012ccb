package io.equitoken.trading.matcher.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;

/**
 * Snapshots written before restore and continue like the uninterrupted run: the stored one was
 * written by the tree writer when every order id was kept (without its time). The streaming writer
 * writes the very bytes the tree writer ({@link LegacySnapshot}) writes for the same state.
 */
class SnapshotFormatTest {

  private static final List<MatcherCommand> COMMANDS = SnapshotSession.commands();

  @Test
  void shouldRestoreASnapshotOfTheTreeWriterAndContinueAlike() throws IOException {
    for (EngineFactory engines : List.of(EngineFactory.FAST, EngineFactory.REFERENCE)) {
      CommandProcessor uninterrupted = new CommandProcessor(EngineFactory.FAST);
      COMMANDS.subList(0, SnapshotSession.SPLIT).forEach(uninterrupted::apply);
      CommandProcessor restored = new CommandProcessor(engines);
      restored.restore(WireJson.MAPPER.readTree(treeWriterSnapshot()));
      assertThat(restored.stateHashes()).isEqualTo(uninterrupted.stateHashes());
      assertThat(restored.positions())
          .usingRecursiveComparison()
          .isEqualTo(uninterrupted.positions());

      List<String> expected = new ArrayList<>();
      List<String> actual = new ArrayList<>();
      for (MatcherCommand c : COMMANDS.subList(SnapshotSession.SPLIT, COMMANDS.size())) {
        uninterrupted.apply(c).forEach(e -> expected.add(e.id() + " " + e.dataJson()));
        restored.apply(c).forEach(e -> actual.add(e.id() + " " + e.dataJson()));
      }
      assertThat(actual).hasSizeGreaterThan(10).isEqualTo(expected);
      assertThat(restored.stateHashes()).isEqualTo(uninterrupted.stateHashes());
    }
  }

  @Test
  void shouldStreamTheBytesTheTreeWriterWrites() {
    CommandProcessor processor = new CommandProcessor(EngineFactory.FAST);
    COMMANDS.subList(0, SnapshotSession.SPLIT).forEach(processor::apply);

    assertThat(new String(streamed(processor, SnapshotSession.TOKEN), StandardCharsets.UTF_8))
        .isEqualTo(
            new String(
                LegacySnapshot.bytes(processor.book(SnapshotSession.TOKEN)),
                StandardCharsets.UTF_8));
  }

  @Test
  void shouldRememberTheOrderIdsOfASnapshotWithoutTimesForAnHourFromTheNextOrder()
      throws IOException {
    CommandProcessor restored = new CommandProcessor(EngineFactory.FAST);
    restored.restore(WireJson.MAPPER.readTree(treeWriterSnapshot()));
    TokenBook book = restored.book(SnapshotSession.TOKEN);
    java.util.Set<String> before = java.util.Set.copyOf(book.recentOrders.keySet());
    assertThat(before).hasSize(7);

    // and so does a snapshot of it taken before that order
    CommandProcessor again = new CommandProcessor(EngineFactory.FAST);
    again.restore(restored.snapshot(SnapshotSession.TOKEN));
    book = again.book(SnapshotSession.TOKEN);
    assertThat(book.recentOrders.keySet()).isEqualTo(before);

    book.rememberOrder("next", java.time.Instant.parse("2026-11-27T10:00:00Z"));
    assertThat(book.recentOrders.keySet()).containsAll(before).contains("next");
    book.rememberOrder("an hour later", java.time.Instant.parse("2026-11-27T11:00:00.000001Z"));
    assertThat(book.recentOrders.keySet()).containsExactly("an hour later");
  }

  @Test
  void shouldRoundTripThroughItsOwnBytes() {
    CommandProcessor processor = new CommandProcessor(EngineFactory.FAST);
    COMMANDS.forEach(processor::apply);
    CommandProcessor restored = new CommandProcessor(EngineFactory.FAST);
    restored.restore(WireJson.MAPPER.readTree(streamed(processor, SnapshotSession.TOKEN)));

    assertThat(streamed(restored, SnapshotSession.TOKEN))
        .isEqualTo(streamed(processor, SnapshotSession.TOKEN));
    assertThat(restored.stateHashes()).isEqualTo(processor.stateHashes());
  }

  @Test
  void shouldWriteNothingForAnUnknownToken() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = WireJson.MAPPER.createGenerator(out)) {
      assertThat(new CommandProcessor(EngineFactory.FAST).writeSnapshot("unknown", g)).isFalse();
    }
    assertThat(out.toByteArray()).isEmpty();
  }

  static byte[] streamed(CommandProcessor processor, String tokenId) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = WireJson.MAPPER.createGenerator(out)) {
      assertThat(processor.writeSnapshot(tokenId, g)).isTrue();
    }
    return out.toByteArray();
  }

  private static byte[] treeWriterSnapshot() throws IOException {
    try (InputStream in =
        SnapshotFormatTest.class.getResourceAsStream("/snapshots/token-book-tree-writer.json")) {
      return in.readAllBytes();
    }
  }
}
