package io.equitoken.trading.service.history;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import reactor.core.publisher.Mono;

/** Applies the matcher's trade and auction events to price history and window auction state. */
public final class MarketResults {

  private final HistoryStore store;

  public MarketResults(HistoryStore store) {
    this.store = store;
  }

  /** A poll's executions, each once (by trade id), in one statement. */
  public Mono<Void> tradesExecuted(List<ExecutedTrade> trades) {
    if (trades.isEmpty()) {
      return Mono.empty();
    }
    Map<String, ExecutedTrade> byId = new LinkedHashMap<>();
    trades.forEach(t -> byId.putIfAbsent(t.tradeId(), t));
    return store.trades(List.copyOf(byId.values()));
  }

  public Mono<Void> indicative(
      UUID windowId,
      String tokenId,
      BigDecimal price,
      BigDecimal volume,
      BigDecimal imbalance,
      String side,
      Instant asOf) {
    return store.indicative(windowId, tokenId, price, volume, imbalance, side, asOf);
  }

  public Mono<Void> auctionResult(
      UUID windowId, String tokenId, boolean cleared, BigDecimal price, Instant decidedAt) {
    return store.auctionResult(windowId, tokenId, cleared, price, decidedAt);
  }
}
