package io.equitoken.trading.service.history;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** {@code GET /tokens/{tokenId}/price-history}: per window aggregates, optionally with bars. */
public final class PriceHistory {

  private final HistoryStore store;

  public PriceHistory(HistoryStore store) {
    this.store = store;
  }

  public Mono<List<PriceWindow>> page(
      String tokenId,
      Instant from,
      Instant to,
      Instant beforeOpens,
      UUID beforeId,
      int limit,
      Duration interval) {
    Mono<List<PriceWindow>> windows =
        store.windows(tokenId, from, to, beforeOpens, beforeId, limit).collectList();
    if (interval == null) {
      return windows;
    }
    return windows.flatMap(
        list ->
            list.isEmpty()
                ? Mono.just(list)
                : withBars(tokenId, list, interval)
                    .collectList()
                    .map(byWindow -> attach(list, byWindow, interval)));
  }

  private Flux<ExecutedTrade> withBars(String tokenId, List<PriceWindow> list, Duration interval) {
    return store.trades(tokenId, list.stream().map(PriceWindow::windowId).toList());
  }

  private static List<PriceWindow> attach(
      List<PriceWindow> windows, List<ExecutedTrade> trades, Duration interval) {
    Map<UUID, List<ExecutedTrade>> byWindow =
        trades.stream().collect(Collectors.groupingBy(ExecutedTrade::windowId));
    List<PriceWindow> result = new ArrayList<>();
    for (PriceWindow w : windows) {
      List<PriceWindow.Bar> bars = bars(byWindow.getOrDefault(w.windowId(), List.of()), interval);
      result.add(
          new PriceWindow(
              w.windowId(),
              w.opens(),
              w.closes(),
              w.open(),
              w.high(),
              w.low(),
              w.close(),
              w.volume(),
              w.vwap(),
              w.trades(),
              w.auctionPrice(),
              bars));
    }
    return result;
  }

  /** Bars over trades sorted by time; a bar starts at a multiple of the interval (UTC epoch). */
  public static List<PriceWindow.Bar> bars(List<ExecutedTrade> trades, Duration interval) {
    long step = interval.toMillis();
    Map<Long, List<ExecutedTrade>> buckets = new LinkedHashMap<>();
    for (ExecutedTrade t : trades) {
      long start = Math.floorDiv(t.executedAt().toEpochMilli(), step) * step;
      buckets.computeIfAbsent(start, k -> new ArrayList<>()).add(t);
    }
    List<PriceWindow.Bar> bars = new ArrayList<>();
    buckets.forEach(
        (start, list) -> {
          BigDecimal high = list.get(0).price();
          BigDecimal low = high;
          BigDecimal volume = BigDecimal.ZERO;
          for (ExecutedTrade t : list) {
            high = high.max(t.price());
            low = low.min(t.price());
            volume = volume.add(t.quantity());
          }
          bars.add(
              new PriceWindow.Bar(
                  Instant.ofEpochMilli(start),
                  list.get(0).price(),
                  high,
                  low,
                  list.get(list.size() - 1).price(),
                  volume,
                  list.size()));
        });
    return bars;
  }
}
