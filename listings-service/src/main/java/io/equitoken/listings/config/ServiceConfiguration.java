package io.equitoken.listings.config;

import io.equitoken.listings.kernel.Ids;
import io.equitoken.listings.listing.ListingEvent;
import io.equitoken.listings.listing.ListingQueries;
import io.equitoken.listings.listing.ListingService;
import io.equitoken.listings.listing.ListingStore;
import io.equitoken.listings.market.MarketData;
import io.equitoken.listings.token.TokenStore;
import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Transactions;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the plain-Java domain services to their adapters. */
@Configuration
class ServiceConfiguration {

  @Bean
  @ConditionalOnMissingBean
  Clock clock() {
    return Clock.systemUTC();
  }

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

  @Bean
  ListingQueries listingQueries(ListingStore listings, TokenStore tokens) {
    return new ListingQueries(listings, tokens);
  }

  @Bean
  MarketData marketData(TokenStore tokens, ListingStore listings) {
    return new MarketData(tokens, listings);
  }
}
