package io.equitoken.listings.market;

import java.math.BigDecimal;
import java.util.List;
import reactor.core.publisher.Mono;

/** Port: the issuers' proceeds, one row per trade. */
public interface IssuerProceeds {

  /** What a write recorded: the trades not known before and their gross proceeds together. */
  record Recorded(int trades, BigDecimal gross) {

    public static final Recorded NOTHING = new Recorded(0, BigDecimal.ZERO);
  }

  /** Records the proceeds of every trade not known yet, in one go (a trade named twice once). */
  Mono<Recorded> recordAll(String listingId, List<ProceedsObserved> facts);
}
