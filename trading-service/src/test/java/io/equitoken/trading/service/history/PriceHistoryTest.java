package io.equitoken.trading.service.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Price history pages and their bars, over a store kept in lists. */
class PriceHistoryTest {

  private static final String TOKEN = "tok-1";
  private static final Instant OPENS = Instant.parse("2026-11-23T08:00:00Z");
  private static final Duration MINUTE = Duration.ofMinutes(1);

  private final Books store = new Books();
  private final PriceHistory history = new PriceHistory(store);

  @Test
  void shouldAnswerWindowsWithoutBarsWhenNoIntervalIsAsked() {
    UUID w = store.window(OPENS);
    store.trades.add(trade(w, "10", "1", OPENS.plusSeconds(5)));

    List<PriceWindow> page = history.page(TOKEN, null, null, null, null, 10, null).block();

    assertThat(page).extracting(PriceWindow::windowId).containsExactly(w);
    assertThat(page.get(0).bars()).isNull();
    assertThat(store.tradeReads).isZero();
  }

  @Test
  void shouldAttachEachWindowItsOwnBars() {
    UUID first = store.window(OPENS);
    UUID second = store.window(OPENS.plus(Duration.ofDays(1)));
    store.trades.add(trade(first, "10", "2", OPENS.plusSeconds(10)));
    store.trades.add(trade(first, "12", "1", OPENS.plusSeconds(70)));
    store.trades.add(trade(second, "20", "5", OPENS.plus(Duration.ofDays(1)).plusSeconds(1)));

    List<PriceWindow> page = history.page(TOKEN, null, null, null, null, 10, MINUTE).block();

    assertThat(page).extracting(PriceWindow::windowId).containsExactly(first, second);
    assertThat(page.get(0).bars())
        .extracting(PriceWindow.Bar::start)
        .containsExactly(OPENS, OPENS.plus(MINUTE));
    assertThat(page.get(1).bars())
        .singleElement()
        .extracting(PriceWindow.Bar::open)
        .isEqualTo(new BigDecimal("20"));
    // the aggregates the store made are kept as they were
    assertThat(page.get(0).windowId()).isEqualTo(first);
    assertThat(page.get(0).trades()).isEqualTo(7);
  }

  @Test
  void shouldGiveAWindowWithoutTradesNoBarsAndSkipTheTradeReadForAnEmptyPage() {
    UUID quiet = store.window(OPENS);

    List<PriceWindow> page = history.page(TOKEN, null, null, null, null, 10, MINUTE).block();
    assertThat(page)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.windowId()).isEqualTo(quiet);
              assertThat(p.bars()).isEmpty();
            });

    store.windows.clear();
    assertThat(history.page(TOKEN, null, null, null, null, 10, MINUTE).block()).isEmpty();
    assertThat(store.tradeReads).isEqualTo(1);
  }

  @Test
  void shouldMakeOhlcvBarsAlignedToTheIntervalOnTheEpoch() {
    UUID w = UUID.randomUUID();
    Instant at = Instant.parse("2026-11-23T08:07:30Z");
    List<ExecutedTrade> trades =
        List.of(
            trade(w, "10", "1", at),
            trade(w, "13", "2", at.plusSeconds(60)),
            trade(w, "9", "3", at.plusSeconds(120)),
            trade(w, "11", "4", at.plusSeconds(140)),
            trade(w, "15", "1", at.plusSeconds(330)));

    List<PriceWindow.Bar> bars = PriceHistory.bars(trades, Duration.ofMinutes(5));

    assertThat(bars).hasSize(2);
    PriceWindow.Bar first = bars.get(0);
    assertThat(first.start()).isEqualTo(Instant.parse("2026-11-23T08:05:00Z"));
    assertThat(first.open()).isEqualByComparingTo("10");
    assertThat(first.high()).isEqualByComparingTo("13");
    assertThat(first.low()).isEqualByComparingTo("9");
    assertThat(first.close()).isEqualByComparingTo("11");
    assertThat(first.volume()).isEqualByComparingTo("10");
    assertThat(first.trades()).isEqualTo(4);
    assertThat(bars.get(1).start()).isEqualTo(Instant.parse("2026-11-23T08:10:00Z"));
    assertThat(bars.get(1).open()).isEqualByComparingTo("15");
  }

  @Property(tries = 200)
  void shouldKeepEveryTradeInExactlyOneBarThatContainsIt(
      @ForAll @Size(min = 1, max = 50) List<@IntRange(min = 0, max = 86_400) Integer> offsets,
      @ForAll @IntRange(min = 1, max = 3600) int intervalSeconds) {
    UUID w = UUID.randomUUID();
    List<ExecutedTrade> trades = new ArrayList<>();
    for (int i = 0; i < offsets.size(); i++) {
      trades.add(trade(w, String.valueOf(1 + i), "1", OPENS.plusSeconds(offsets.get(i))));
    }
    trades.sort(Comparator.comparing(ExecutedTrade::executedAt));
    Duration interval = Duration.ofSeconds(intervalSeconds);

    List<PriceWindow.Bar> bars = PriceHistory.bars(trades, interval);

    assertThat(bars.stream().mapToLong(PriceWindow.Bar::trades).sum()).isEqualTo(trades.size());
    assertThat(bars.stream().map(PriceWindow.Bar::volume).reduce(BigDecimal.ZERO, BigDecimal::add))
        .isEqualByComparingTo(new BigDecimal(trades.size()));
    for (PriceWindow.Bar bar : bars) {
      assertThat(bar.start().toEpochMilli() % interval.toMillis()).isZero();
      assertThat(bar.low()).isLessThanOrEqualTo(bar.open()).isLessThanOrEqualTo(bar.high());
      assertThat(bar.low()).isLessThanOrEqualTo(bar.close()).isLessThanOrEqualTo(bar.high());
    }
    assertThat(bars).extracting(PriceWindow.Bar::start).isSorted().doesNotHaveDuplicates();
  }

  private static ExecutedTrade trade(UUID window, String price, String qty, Instant at) {
    return new ExecutedTrade(
        UUID.randomUUID().toString(),
        TOKEN,
        window,
        new BigDecimal(price),
        new BigDecimal(qty),
        at);
  }

  /** The port kept in lists: windows as the store would aggregate them, trades oldest first. */
  private static final class Books implements HistoryStore {
    final List<PriceWindow> windows = new ArrayList<>();
    final List<ExecutedTrade> trades = new ArrayList<>();
    int tradeReads;

    UUID window(Instant opens) {
      UUID id = UUID.randomUUID();
      windows.add(
          new PriceWindow(
              id,
              opens,
              opens.plus(Duration.ofHours(2)),
              null,
              null,
              null,
              null,
              BigDecimal.ZERO,
              null,
              7,
              null,
              null));
      return id;
    }

    @Override
    public Mono<Void> trades(List<ExecutedTrade> executed) {
      trades.addAll(executed);
      return Mono.empty();
    }

    @Override
    public Mono<Void> indicative(
        UUID windowId,
        String tokenId,
        BigDecimal price,
        BigDecimal volume,
        BigDecimal imbalance,
        String side,
        Instant asOf) {
      return Mono.empty();
    }

    @Override
    public Mono<Void> auctionResult(
        UUID windowId, String tokenId, boolean cleared, BigDecimal price, Instant decidedAt) {
      return Mono.empty();
    }

    @Override
    public Flux<PriceWindow> windows(
        String tokenId, Instant from, Instant to, Instant beforeOpens, UUID beforeId, int limit) {
      return Flux.fromIterable(List.copyOf(windows)).take(limit);
    }

    @Override
    public Flux<ExecutedTrade> trades(String tokenId, List<UUID> windowIds) {
      tradeReads++;
      return Flux.fromIterable(
          trades.stream().filter(t -> windowIds.contains(t.windowId())).toList());
    }
  }
}
