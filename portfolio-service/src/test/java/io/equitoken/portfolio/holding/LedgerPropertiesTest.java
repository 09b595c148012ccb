package io.equitoken.portfolio.holding;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * Holding changes carry a sequence per owner and token; whatever order they arrive in, and however
 * often, the ledger ends where applying them once in sequence order ends.
 */
class LedgerPropertiesTest {

  @Property(tries = 200)
  void shouldEndInTheSameStateWhateverTheArrivalOrderAndRedeliveries(
      @ForAll @Size(min = 1, max = 30) List<@IntRange(min = -100, max = 100) Integer> moves,
      @ForAll long seed) {
    // given a valid history of buys, sells and reservations
    List<HoldingChange> history = history(moves);

    // when it is applied in order, and separately shuffled with some changes delivered twice
    InMemoryHoldingStore inOrder = new InMemoryHoldingStore();
    Ledger ordered = new Ledger(inOrder);
    history.forEach(c -> ordered.apply(c).block());
    List<HoldingChange> arrival = new ArrayList<>(history);
    Random random = new Random(seed);
    for (int i = 0; i < history.size() / 3; i++) {
      arrival.add(history.get(random.nextInt(history.size())));
    }
    Collections.shuffle(arrival, random);
    InMemoryHoldingStore shuffled = new InMemoryHoldingStore();
    Ledger ledger = new Ledger(shuffled);
    arrival.forEach(c -> ledger.apply(c).block());

    // then the current holding and every change's cost basis are the same
    assertThat(shuffled.current).isEqualTo(inOrder.current);
    assertThat(shuffled.currentCost).isEqualByComparingTo(inOrder.currentCost);
    assertThat(shuffled.costs).isEqualTo(inOrder.costs);
    assertThat(shuffled.current).isEqualTo(history.get(history.size() - 1));
  }

  @Test
  void shouldSkipAChangeItAlreadyKnows() {
    InMemoryHoldingStore store = new InMemoryHoldingStore();
    Ledger ledger = new Ledger(store);
    HoldingChange first = history(List.of(10)).get(0);

    assertThat(ledger.apply(first).block()).isEqualTo(Ledger.Outcome.APPLIED);
    assertThat(ledger.apply(first).block()).isEqualTo(Ledger.Outcome.ALREADY_KNOWN);
  }

  @Test
  void shouldTakeTheNewestSequenceAsTheCurrentHoldingWhenAnOlderOneArrivesLate() {
    InMemoryHoldingStore store = new InMemoryHoldingStore();
    Ledger ledger = new Ledger(store);
    List<HoldingChange> history = history(List.of(100, -40, 10));

    ledger.apply(history.get(2)).block();
    ledger.apply(history.get(0)).block();
    ledger.apply(history.get(1)).block();

    assertThat(store.current.quantity()).isEqualByComparingTo("70");
    // 100 at 10 = 1000; 40 sold at the average 10 leaves 600; 10 bought at 10 makes 700
    assertThat(store.currentCost).isEqualByComparingTo("700");
  }

  /** Positive moves buy at 10 + step, negative ones sell (bounded by the holding), 0 reserves. */
  static List<HoldingChange> history(List<Integer> moves) {
    List<HoldingChange> out = new ArrayList<>();
    long quantity = 0;
    long sequence = 0;
    for (int move : moves) {
      long delta = move < 0 ? -Math.min(quantity, -move) : move;
      Reason reason =
          delta > 0 ? Reason.TRADE_BUY : delta < 0 ? Reason.TRADE_SELL : Reason.ORDER_RESERVED;
      quantity += delta;
      sequence++;
      BigDecimal price = delta == 0 ? null : BigDecimal.valueOf(10 + sequence % 7);
      if (sequence == 1 || moves.size() == 3) {
        price = delta == 0 ? null : BigDecimal.TEN;
      }
      out.add(
          new HoldingChange(
              "inv",
              "tok",
              sequence,
              BigDecimal.valueOf(quantity),
              BigDecimal.valueOf(quantity),
              BigDecimal.valueOf(delta),
              reason,
              price,
              null,
              null,
              null,
              null,
              Instant.EPOCH.plusSeconds(sequence)));
    }
    return out;
  }
}
