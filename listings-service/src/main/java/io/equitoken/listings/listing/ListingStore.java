package io.equitoken.listings.listing;

import java.math.BigDecimal;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Port: where listings are kept. Listings come back with their token's tokenomics, if any. */
public interface ListingStore {

  Mono<Listing> findById(String id);

  /** Locks the listing's row for the rest of the current transaction. */
  Mono<Listing> findByIdForUpdate(String id);

  /**
   * Active listings matching the filter, in {@link PageKey} order, strictly after {@code after}.
   */
  Flux<Listing> findActive(ListingFilter filter, PageKey after, int limit);

  Mono<Void> insert(Listing listing);

  /** Writes content, status and the update time (not market data, which has its own path). */
  Mono<Void> update(Listing listing);

  Mono<Void> updateRaiseProgress(String id, BigDecimal raiseProgress);
}
