package io.equitoken.listings.market;

import java.math.BigDecimal;
import reactor.core.publisher.Mono;

/** Port: the issuers' proceeds, one row per trade, and their sum per listing. */
public interface IssuerProceeds {

  /** Records the trade's proceeds unless the trade is known; answers whether it was new. */
  Mono<Boolean> record(String listingId, ProceedsObserved fact);

  /** Everything paid for the listing's token so far, before fees. */
  Mono<BigDecimal> total(String listingId);
}
