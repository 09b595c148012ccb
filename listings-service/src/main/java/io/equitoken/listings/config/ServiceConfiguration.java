package io.equitoken.listings.config;

import io.equitoken.listings.kernel.Ids;
import io.equitoken.listings.listing.Listing;
import io.equitoken.listings.listing.ListingEvent;
import io.equitoken.listings.listing.ListingQueries;
import io.equitoken.listings.listing.ListingService;
import io.equitoken.listings.listing.ListingStore;
import io.equitoken.listings.market.IssuerProceeds;
import io.equitoken.listings.market.MarketData;
import io.equitoken.listings.persistence.CachedListingReads;
import io.equitoken.listings.token.TokenStore;
import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Transactions;
import io.equitoken.platform.web.cache.DatabaseChangeFeed;
import io.equitoken.platform.web.cache.NotifiedCache;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the plain-Java domain services to their adapters. */
@Configuration
class ServiceConfiguration {

  @Bean
  Ids ids() {
    return Ids.random();
  }

  @Bean
  ListingService listingService(
      ListingStore listings,
      TokenStore tokens,
      EventPublisher<ListingEvent> events,
      Transactions transactions,
      Ids ids,
      Clock clock) {
    return new ListingService(listings, tokens, events, transactions, ids, clock);
  }

  /**
   * Listings by id as the read side last saw them, per replica (docs/services/listings-service.md,
   * "Read cache"); kept correct by the database's {@code listing_changed} notifications, empty and
   * bypassed while they cannot be received.
   */
  @Bean
  NotifiedCache<String, Listing> listingReadCache(
      @Value("${equitoken.listings.read-cache.maximum-size:10000}") long maximumSize,
      @Value("${equitoken.listings.read-cache.max-age:5m}") Duration maxAge) {
    return new NotifiedCache<>(maximumSize, maxAge);
  }

  @Bean
  @ConditionalOnProperty(
      name = "equitoken.listings.read-cache.enabled",
      havingValue = "true",
      matchIfMissing = true)
  DatabaseChangeFeed listingChangeFeed(
      ConnectionFactory connections, NotifiedCache<String, Listing> listingReadCache) {
    return new DatabaseChangeFeed(
        connections, "listing_changed", listingReadCache, Duration.ofSeconds(1));
  }

  @Bean
  ListingQueries listingQueries(
      ListingStore listings, TokenStore tokens, NotifiedCache<String, Listing> listingReadCache) {
    return new ListingQueries(new CachedListingReads(listings, listingReadCache), tokens);
  }

  @Bean
  MarketData marketData(TokenStore tokens, ListingStore listings, IssuerProceeds proceeds) {
    return new MarketData(tokens, listings, proceeds);
  }
}
