package io.equitoken.trading.matcher.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.EventContracts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import tools.jackson.databind.JsonNode;

/**
 * Random sessions of commands (with duplicates) through the translation: every event conforms to
 * its schema, fast and reference engines give identical events, a snapshot restored mid-session
 * continues identically, holding sequences have no gaps and end at the engine's positions, every
 * order ends in at most one final state, and holdings are conserved.
 */
class CommandProcessorProperties {

  private static final String T = "70c00000-0000-4000-8000-000000000002";
  private static final List<String> OWNERS = List.of(Commands.ISSUER, "alice", "bob", "carol");

  record Step(int kind, int owner, int order, int qty, int price) {}

  @Provide
  Arbitrary<List<Step>> sessions() {
    Arbitrary<Step> step =
        Combinators.combine(
                Arbitraries.integers().between(0, 19),
                Arbitraries.integers().between(0, 3),
                Arbitraries.integers().between(0, 24),
                Arbitraries.integers().between(1, 60),
                Arbitraries.integers().between(95, 105))
            .as(Step::new);
    return step.list().ofMinSize(1).ofMaxSize(80);
  }

  private static List<MatcherCommand> commands(List<Step> steps) {
    Commands c = new Commands(T);
    List<MatcherCommand> out = new ArrayList<>();
    out.add(c.register("1000", "1"));
    int window = 0;
    for (Step s : steps) {
      String w = "W" + window;
      String owner = OWNERS.get(s.owner());
      String order = "O" + s.order();
      String price = String.valueOf(s.price() / 100.0);
      switch (s.kind()) {
        case 0 ->
            out.add(
                c.open(w, s.qty() % 3 == 0 ? "call" : "continuous", s.qty() % 2 == 0 ? "5" : null));
        case 1 -> out.add(c.callPhase(w));
        case 2 -> out.add(c.indicate(w));
        case 3 -> out.add(c.close(w));
        case 4 -> window++;
        case 5 -> out.add(c.cancel(order, owner));
        case 6 ->
            out.add(
                c.transfer(
                    "T" + s.order(),
                    owner,
                    OWNERS.get((s.owner() + 1) % 4),
                    String.valueOf(s.qty())));
        case 7 -> {
          if (!out.isEmpty()) {
            out.add(out.get(out.size() - 1)); // the relay sent the last command twice
          }
        }
        default ->
            out.add(
                c.place(
                    order,
                    owner,
                    w,
                    s.kind() % 2 == 0 ? "buy" : "sell",
                    String.valueOf(s.qty()),
                    price));
      }
    }
    return out;
  }

  @Property(tries = 150)
  void fastAndReferenceAgreeAndEveryEventConforms(@ForAll("sessions") List<Step> steps) {
    List<MatcherCommand> commands = commands(steps);
    CommandProcessor fast = new CommandProcessor(EngineFactory.FAST);
    CommandProcessor reference = new CommandProcessor(EngineFactory.REFERENCE);
    List<MatcherEvent> events = new ArrayList<>();
    for (MatcherCommand command : commands) {
      List<MatcherEvent> a = fast.apply(command);
      List<MatcherEvent> b = reference.apply(command);
      assertThat(render(a)).isEqualTo(render(b));
      events.addAll(a);
    }
    assertThat(fast.stateHashes()).isEqualTo(reference.stateHashes());
    for (MatcherEvent e : events) {
      assertThat(EventContracts.violations(e.type(), e.dataJson()))
          .as(e.type() + " " + e.dataJson())
          .isEmpty();
    }
    assertThat(events.stream().map(MatcherEvent::id)).doesNotHaveDuplicates();
    checkInvariants(fast, events);
  }

  @Property(tries = 100)
  void aSnapshotRestoredMidSessionContinuesIdentically(
      @ForAll("sessions") List<Step> steps, @ForAll @IntRange(min = 0, max = 80) int cut) {
    List<MatcherCommand> commands = commands(steps);
    int at = Math.min(cut, commands.size());
    CommandProcessor uninterrupted = new CommandProcessor(EngineFactory.FAST);
    CommandProcessor before = new CommandProcessor(EngineFactory.FAST);
    for (MatcherCommand command : commands.subList(0, at)) {
      uninterrupted.apply(command);
      before.apply(command);
    }
    CommandProcessor restored = new CommandProcessor(EngineFactory.REFERENCE);
    for (String id : before.tokenIds()) {
      byte[] streamed = SnapshotFormatTest.streamed(before, id);
      assertThat(streamed)
          .as("the tree writer's bytes")
          .isEqualTo(LegacySnapshot.bytes(before.book(id)));
      JsonNode json = WireJson.MAPPER.readTree(streamed);
      restored.put(TokenBook.fromJson(JsonCodec.roundTrip(json), EngineFactory.REFERENCE));
    }
    for (MatcherCommand command : commands.subList(at, commands.size())) {
      assertThat(render(restored.apply(command))).isEqualTo(render(uninterrupted.apply(command)));
    }
    assertThat(restored.stateHashes()).isEqualTo(uninterrupted.stateHashes());
  }

  private static List<String> render(List<MatcherEvent> events) {
    return events.stream().map(e -> e.id() + " " + e.type() + " " + e.dataJson()).toList();
  }

  private static void checkInvariants(CommandProcessor processor, List<MatcherEvent> events) {
    Map<String, Long> sequences = new HashMap<>();
    Map<String, String[]> lastHolding = new HashMap<>();
    Map<String, Integer> finals = new HashMap<>();
    for (MatcherEvent e : events) {
      JsonNode d = JsonCodec.data(e);
      switch (e.name()) {
        case "holding.changed" -> {
          String owner = d.get("ownerId").asString();
          long seq = d.get("sequence").asLong();
          assertThat(seq)
              .as("sequence of " + owner)
              .isEqualTo(sequences.getOrDefault(owner, 0L) + 1);
          sequences.put(owner, seq);
          lastHolding.put(
              owner,
              new String[] {
                d.get("quantity").decimalValue().toPlainString(),
                d.get("availableQuantity").decimalValue().toPlainString()
              });
        }
        case "order.filled" -> {
          if (d.get("status").asString().equals("filled")) {
            finals.merge(d.get("orderId").asString(), 1, Integer::sum);
          }
        }
        case "order.cancelled", "order.expired", "order.rejected" ->
            finals.merge(d.get("orderId").asString(), 1, Integer::sum);
        default -> {}
      }
    }
    assertThat(finals.values()).allMatch(n -> n == 1);
    processor
        .positions()
        .getOrDefault(T, Map.of())
        .forEach(
            (owner, position) -> {
              if (lastHolding.containsKey(owner)) {
                assertThat(lastHolding.get(owner))
                    .as("last holding.changed of " + owner)
                    .containsExactly(
                        EventTranslator.plain(position[0]).toPlainString(),
                        EventTranslator.plain(position[1]).toPlainString());
              }
            });
    assertThat(processor.conservation()).doesNotContainValue(false);
  }
}
