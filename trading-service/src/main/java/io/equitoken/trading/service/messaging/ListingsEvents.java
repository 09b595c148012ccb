package io.equitoken.trading.service.messaging;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * This service's copies of the listings events it consumes, trimmed to the fields it uses (see
 * {@code contracts/events/listings/}); unknown members are ignored (additive changes).
 */
final class ListingsEvents {

  static final String TOPIC = "listings.events.v1";
  static final String PREFIX = "equitoken.listings.";
  static final String TOKEN_ISSUED = PREFIX + "token.issued.v1";
  static final String PUBLISHED = PREFIX + "listing.published.v1";
  static final String SUSPENDED = PREFIX + "listing.suspended.v1";
  static final String CLOSED = PREFIX + "listing.closed.v1";
  static final String REACTIVATED = PREFIX + "listing.reactivated.v1";

  private ListingsEvents() {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record TokenIssued(
      String listingId,
      String tokenId,
      BigDecimal supply,
      BigDecimal price,
      String issuerPrincipalId,
      Instant issuedAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Published(String listingId, String tokenId, Instant publishedAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Suspended(String listingId, Instant suspendedAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Closed(String listingId, Instant closedAt) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Reactivated(String listingId, Instant reactivatedAt) {}
}
