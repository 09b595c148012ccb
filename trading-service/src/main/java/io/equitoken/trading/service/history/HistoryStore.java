package io.equitoken.trading.service.history;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Port: executions and auction outcomes, and the price history made from them. */
public interface HistoryStore {

  /** Records each trade once (by trade id), in one statement. */
  Mono<Void> trades(java.util.List<ExecutedTrade> trades);

  Mono<Void> indicative(
      UUID windowId,
      String tokenId,
      BigDecimal price,
      BigDecimal volume,
      BigDecimal imbalance,
      String side,
      Instant asOf);

  Mono<Void> auctionResult(
      UUID windowId, String tokenId, boolean cleared, BigDecimal clearingPrice, Instant decidedAt);

  /**
   * Windows that were opened for the token (open or closed), newest first, overlapping [from, to),
   * after the given key, with their aggregates (no bars).
   */
  Flux<PriceWindow> windows(
      String tokenId, Instant from, Instant to, Instant beforeOpens, UUID beforeId, int limit);

  /** The token's trades in the given windows, oldest first. */
  Flux<ExecutedTrade> trades(String tokenId, java.util.List<UUID> windowIds);
}
