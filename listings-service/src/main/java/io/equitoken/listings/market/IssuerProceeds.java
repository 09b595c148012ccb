package io.equitoken.listings.market;

import java.math.BigDecimal;
import java.util.List;
import reactor.core.publisher.Mono;

/** Port: the issuers' proceeds, one row per trade, and their sum per listing. */
public interface IssuerProceeds {

  /** Records the trade's proceeds unless the trade is known; answers whether it was new. */
  Mono<Boolean> record(String listingId, ProceedsObserved fact);

  /**
   * Records the proceeds of every trade not known yet, in one go; answers how many were new (a
   * trade named twice counts once).
   */
  Mono<Integer> recordAll(String listingId, List<ProceedsObserved> facts);

  /** Everything paid for the listing's token so far, before fees. */
  Mono<BigDecimal> total(String listingId);
}
