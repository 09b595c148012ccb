package io.equitoken.listings.persistence;

import io.equitoken.listings.listing.Listing;
import io.equitoken.listings.listing.ListingFilter;
import io.equitoken.listings.listing.ListingStore;
import io.equitoken.listings.listing.PageKey;
import io.equitoken.platform.web.cache.NotifiedCache;
import java.math.BigDecimal;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The read side's view of the store: listings by id come from the replica's {@link NotifiedCache}
 * (kept correct by the {@code listing_changed} notifications, V3 migration), everything else from
 * the database. Only for reads outside transactions ({@code ListingQueries}); writes are refused so
 * that nothing can write through a cache.
 */
public final class CachedListingReads implements ListingStore {

  private final ListingStore store;
  private final NotifiedCache<String, Listing> byId;

  public CachedListingReads(ListingStore store, NotifiedCache<String, Listing> byId) {
    this.store = store;
    this.byId = byId;
  }

  @Override
  public Mono<Listing> findById(String id) {
    return byId.get(id, store::findById);
  }

  @Override
  public Mono<Listing> findByIdForUpdate(String id) {
    return readOnly();
  }

  @Override
  public Flux<Listing> findActive(ListingFilter filter, PageKey after, int limit) {
    return store.findActive(filter, after, limit);
  }

  @Override
  public Mono<Void> insert(Listing listing) {
    return readOnly();
  }

  @Override
  public Mono<Void> update(Listing listing) {
    return readOnly();
  }

  @Override
  public Mono<Void> updateRaiseProgress(String id, BigDecimal raiseProgress) {
    return readOnly();
  }

  private static <T> Mono<T> readOnly() {
    return Mono.error(new UnsupportedOperationException("The cached view only reads"));
  }
}
