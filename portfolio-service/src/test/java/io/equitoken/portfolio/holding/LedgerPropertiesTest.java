package io.equitoken.portfolio.holding;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.portfolio.holding.InMemoryHoldingStore.Key;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * Holding changes carry a sequence per owner and token; whatever order they arrive in, however
 * often, and however they are grouped into polls, the ledger ends where applying them once in
 * sequence order ends.
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
    history.forEach(c -> ordered.applyAll(List.of(c)).block());
    List<HoldingChange> arrival = new ArrayList<>(history);
    Random random = new Random(seed);
    for (int i = 0; i < history.size() / 3; i++) {
      arrival.add(history.get(random.nextInt(history.size())));
    }
    Collections.shuffle(arrival, random);
    InMemoryHoldingStore shuffled = new InMemoryHoldingStore();
    Ledger ledger = new Ledger(shuffled);
    arrival.forEach(c -> ledger.applyAll(List.of(c)).block());

    // then the current holding and every change's cost basis are the same
    Key key = new Key("inv", "tok");
    assertThat(shuffled.current.get(key).change()).isEqualTo(inOrder.current.get(key).change());
    assertThat(shuffled.current.get(key).costBasis())
        .isEqualByComparingTo(inOrder.current.get(key).costBasis());
    assertThat(shuffled.costs).isEqualTo(inOrder.costs);
    assertThat(shuffled.current.get(key).change()).isEqualTo(history.get(history.size() - 1));
  }

  @Property(tries = 200)
  void shouldApplyAPollAsIfItsChangesCameOneByOne(
      @ForAll @IntRange(min = 1, max = 12) int length, @ForAll long seed) {
    // given the histories of two owners in three tokens, some of it applied before
    Random random = new Random(seed);
    Map<Key, List<HoldingChange>> histories = new HashMap<>();
    List<HoldingChange> all = new ArrayList<>();
    for (String owner : List.of("inv-a", "inv-b")) {
      for (String token : List.of("tok-1", "tok-2", "tok-3")) {
        List<Integer> moves = new ArrayList<>();
        for (int i = 0, n = 1 + random.nextInt(length); i < n; i++) {
          moves.add(random.nextInt(201) - 100);
        }
        List<HoldingChange> history = history(owner, token, moves);
        histories.put(new Key(owner, token), history);
        all.addAll(history);
      }
    }
    List<HoldingChange> before = all.stream().filter(c -> random.nextInt(4) == 0).toList();

    // and a poll of everything, shuffled, some changes twice
    List<HoldingChange> poll = new ArrayList<>(all);
    for (int i = 0; i < all.size() / 3; i++) {
      poll.add(all.get(random.nextInt(all.size())));
    }
    Collections.shuffle(poll, random);

    // when the poll is applied at once, and separately one change at a time
    InMemoryHoldingStore together = new InMemoryHoldingStore();
    Ledger ledger = new Ledger(together);
    before.forEach(c -> ledger.applyAll(List.of(c)).block());
    together.calls = 0;
    Ledger.Applied applied = ledger.applyAll(poll).block();
    InMemoryHoldingStore oneByOne = new InMemoryHoldingStore();
    Ledger single = new Ledger(oneByOne);
    before.forEach(c -> single.applyAll(List.of(c)).block());
    List<HoldingChange> skipped = new ArrayList<>();
    poll.forEach(c -> skipped.addAll(single.applyAll(List.of(c)).block().alreadyKnown()));

    // then both end with the same cost of every change and current holdings, those of folding each
    // history in sequence order, and skip the same changes; the poll took four store calls
    assertThat(together.costs).isEqualTo(oneByOne.costs).isEqualTo(folded(histories));
    histories.forEach(
        (key, history) -> {
          assertThat(together.current.get(key).change()).isEqualTo(history.get(history.size() - 1));
          assertThat(together.current.get(key)).isEqualTo(oneByOne.current.get(key));
        });
    assertThat(applied.alreadyKnown()).isEqualTo(skipped);
    assertThat(applied.applied()).isEqualTo(all.size() - before.size());
    assertThat(together.calls).isEqualTo(before.size() == all.size() ? 1 : 4);
  }

  @Test
  void shouldCostFourStoreCallsForAPollWhateverItsSize() {
    for (int size : List.of(1, 2, 40)) {
      InMemoryHoldingStore store = new InMemoryHoldingStore();
      List<HoldingChange> poll = new ArrayList<>();
      for (int owner = 0; owner < size; owner++) {
        poll.addAll(history("inv-" + owner, "tok", List.of(10, -3)));
      }
      Collections.reverse(poll);

      new Ledger(store).applyAll(poll).block();

      assertThat(store.calls).as("store calls for %d changes", poll.size()).isEqualTo(4);
      assertThat(store.current).hasSize(size);
    }
  }

  @Test
  void shouldSkipAChangeItAlreadyKnows() {
    InMemoryHoldingStore store = new InMemoryHoldingStore();
    Ledger ledger = new Ledger(store);
    HoldingChange first = history(List.of(10)).get(0);

    assertThat(ledger.applyAll(List.of(first)).block()).isEqualTo(new Ledger.Applied(1, List.of()));
    store.calls = 0;
    assertThat(ledger.applyAll(List.of(first)).block())
        .isEqualTo(new Ledger.Applied(0, List.of(first)));
    assertThat(store.calls).isEqualTo(1);
  }

  @Test
  void shouldTakeTheNewestSequenceAsTheCurrentHoldingWhenAnOlderOneArrivesLate() {
    InMemoryHoldingStore store = new InMemoryHoldingStore();
    Ledger ledger = new Ledger(store);
    List<HoldingChange> history = history(List.of(100, -40, 10));

    ledger.applyAll(List.of(history.get(2))).block();
    ledger.applyAll(List.of(history.get(0), history.get(1))).block();

    var current = store.current.get(new Key("inv", "tok"));
    assertThat(current.change().quantity()).isEqualByComparingTo("70");
    // 100 at 10 = 1000; 40 sold at the average 10 leaves 600; 10 bought at 10 makes 700
    assertThat(current.costBasis()).isEqualByComparingTo("700");
  }

  /** The oracle: each history's cost basis folded from zero in sequence order. */
  private static Map<Key, TreeMap<Long, BigDecimal>> folded(
      Map<Key, List<HoldingChange>> histories) {
    Map<Key, TreeMap<Long, BigDecimal>> out = new HashMap<>();
    histories.forEach(
        (key, history) -> {
          BigDecimal cost = BigDecimal.ZERO;
          TreeMap<Long, BigDecimal> costs = new TreeMap<>();
          for (HoldingChange c : history) {
            cost = CostBasis.after(cost, c);
            costs.put(c.sequence(), cost);
          }
          out.put(key, costs);
        });
    return out;
  }

  static List<HoldingChange> history(List<Integer> moves) {
    return history("inv", "tok", moves);
  }

  /** Positive moves buy at 10 + step, negative ones sell (bounded by the holding), 0 reserves. */
  static List<HoldingChange> history(String owner, String token, List<Integer> moves) {
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
              owner,
              token,
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
