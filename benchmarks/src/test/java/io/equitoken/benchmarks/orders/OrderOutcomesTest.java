package io.equitoken.benchmarks.orders;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The harness reads the matcher's events as the contract (contracts/events/trading/) has them. */
class OrderOutcomesTest {

  private static final Path EXAMPLES = Path.of("../contracts/events/trading/examples");
  private static final String ORDER = "5b7f3d2e-8c4a-4e1f-9d6b-2a3c4e5f6a7b";

  @Test
  void shouldRecordWhenAnOrderWasCompletelyFilled() throws IOException {
    // given an accepted order
    OrderOutcomes outcomes = new OrderOutcomes();
    outcomes.apply(type("accepted"), example("accepted"), 10);
    assertThat(outcomes.of(ORDER).state()).isEqualTo("open");

    // when a partial fill (the contract's example) and then the last fill arrive
    String partial = example("filled");
    outcomes.apply(type("filled"), partial, 20);
    assertThat(outcomes.of(ORDER).state()).isEqualTo("partially_filled");
    outcomes.apply(
        type("filled"),
        partial.replace("\"partially_filled\"", "\"filled\"").replace("150", "0"),
        30);

    // then
    OrderOutcomes.Outcome o = outcomes.of(ORDER);
    assertThat(o.state()).isEqualTo("filled");
    assertThat(o.isFinal()).isTrue();
    assertThat(o.acceptedNanos()).isEqualTo(10);
    assertThat(o.firstFillNanos()).isEqualTo(20);
    assertThat(o.filledNanos()).isEqualTo(30);
  }

  @Test
  void shouldKeepAFillThatArrivedBeforeTheAcceptance() throws IOException {
    // given events read from different partitions' fetches in another order than published
    OrderOutcomes outcomes = new OrderOutcomes();
    String filled = example("filled").replace("\"partially_filled\"", "\"filled\"");
    outcomes.apply(type("filled"), filled, 20);
    outcomes.apply(type("accepted"), example("accepted"), 30);

    // then the order stays filled
    assertThat(outcomes.of(ORDER).state()).isEqualTo("filled");
    assertThat(outcomes.of(ORDER).filledNanos()).isEqualTo(20);
  }

  @Test
  void shouldNameTheReasonOfARejection() throws IOException {
    // when
    OrderOutcomes outcomes = new OrderOutcomes();
    outcomes.apply(type("rejected"), example("rejected"), 5);

    // then
    OrderOutcomes.Outcome o = outcomes.of("9e1d2c3b-4a5f-4e6d-8c7b-1a2b3c4d5e6f");
    assertThat(o.state()).isEqualTo("rejected");
    assertThat(o.reason()).isEqualTo("position.insufficient_available");
  }

  @Test
  void shouldIgnoreOtherEventsAndKnowNothingOfUnknownOrders() throws IOException {
    // when
    OrderOutcomes outcomes = new OrderOutcomes();
    outcomes.apply(
        "equitoken.trading.trade.executed.v1",
        Files.readString(EXAMPLES.resolve("equitoken.trading.trade.executed.v1.json")),
        5);

    // then
    assertThat(outcomes.of(ORDER).state()).isEqualTo("none");
    assertThat(outcomes.of(ORDER).isFinal()).isFalse();
  }

  @Test
  void shouldTakePercentilesByNearestRank() {
    // given 1..100 ms in any order
    long[] nanos = new long[120];
    for (int i = 0; i < 100; i++) {
      nanos[i] = (100 - i) * 1_000_000L;
    }

    // when only the first 100 count
    Latencies l = Latencies.of(nanos, 100);

    // then
    assertThat(l.count()).isEqualTo(100);
    assertThat(l.percentileNanos(0.5)).isEqualTo(50_000_000L);
    assertThat(l.percentileNanos(0.99)).isEqualTo(99_000_000L);
    assertThat(l.maxMs()).isEqualTo("100.0");
    assertThat(Latencies.of(nanos, 0).ms(0.5)).isEqualTo("–");
  }

  private static String type(String name) {
    return "equitoken.trading.order." + name + ".v1";
  }

  private static String example(String name) throws IOException {
    return Files.readString(EXAMPLES.resolve(type(name) + ".json"));
  }
}
