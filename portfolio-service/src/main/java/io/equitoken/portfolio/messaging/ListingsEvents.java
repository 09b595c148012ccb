package io.equitoken.portfolio.messaging;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * This service's own copies of the listings events it uses (contracts/events/listings/): the
 * token's supply, issue price and name, and the startup's name.
 */
final class ListingsEvents {

  static final String TOPIC = "listings.events.v1";
  static final String TOKEN_ISSUED = "equitoken.listings.token.issued.v1";
  static final String LISTING_PUBLISHED = "equitoken.listings.listing.published.v1";
  static final String LISTING_UPDATED = "equitoken.listings.listing.updated.v1";

  private ListingsEvents() {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record TokenIssued(
      String listingId,
      String tokenId,
      String tokenName,
      BigDecimal supply,
      BigDecimal price,
      String issuerPrincipalId,
      Instant issuedAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record ListingPublished(String listingId, String name, Instant publishedAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record ListingUpdated(String listingId, String name, Instant updatedAt) {}
}
