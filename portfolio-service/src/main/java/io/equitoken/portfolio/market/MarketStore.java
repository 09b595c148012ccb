package io.equitoken.portfolio.market;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * Port: what this service knows about tokens and startups from listings and trading — names, supply
 * and prices. Every write is idempotent and keeps the newest fact.
 */
public interface MarketStore {

  /** A token was issued: its listing, name, supply, issuer and issue price. */
  record TokenIssued(
      String tokenId,
      String listingId,
      String tokenName,
      BigDecimal supply,
      BigDecimal price,
      String issuerId,
      Instant issuedAt) {}

  /** A listing's (startup's) name as of {@code at}. */
  record ListingNamed(String listingId, String name, Instant at) {}

  /** A price of a token from {@code at} on; {@code eventId} orders equal times. */
  record PriceObserved(
      String tokenId, BigDecimal price, Instant at, String source, String eventId) {
    public static final String ISSUE = "issue";
    public static final String TRADE = "trade";
  }

  Mono<Void> tokenIssued(TokenIssued token);

  Mono<Void> listingNamed(ListingNamed listing);

  Mono<Void> priceObserved(PriceObserved price);

  /** {@link #priceObserved} for many prices in one statement. */
  Mono<Void> pricesObserved(List<PriceObserved> prices);
}
