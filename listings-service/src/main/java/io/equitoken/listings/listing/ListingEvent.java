package io.equitoken.listings.listing;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * Facts about a listing that other services may rely on. Each record is the event's {@code data}
 * exactly as published (see {@code contracts/events/listings/}); additive changes only.
 */
public sealed interface ListingEvent {

  String listingId();

  /** A draft became public. */
  record Published(
      String listingId,
      String founderId,
      String name,
      String sector,
      String stage,
      String country,
      BigDecimal raiseTarget,
      String tokenId,
      String status,
      Instant publishedAt)
      implements ListingEvent {}

  /** The public content of a visible (non-draft) listing changed. */
  record Updated(
      String listingId,
      String status,
      String name,
      String sector,
      String stage,
      String country,
      BigDecimal raiseTarget,
      List<String> changedFields,
      Instant updatedAt)
      implements ListingEvent {}

  record Suspended(String listingId, String reason, String suspendedBy, Instant suspendedAt)
      implements ListingEvent {}

  record Reactivated(String listingId, String reactivatedBy, Instant reactivatedAt)
      implements ListingEvent {}

  record Closed(String listingId, String previousStatus, String closedBy, Instant closedAt)
      implements ListingEvent {}

  /**
   * The listing's token exists with its whole supply credited to the issuer ({@code
   * issuerPrincipalId}, the listing's founder), whoever made the call.
   */
  record TokenIssued(
      String listingId,
      String tokenId,
      String isin,
      String tokenName,
      BigDecimal supply,
      BigDecimal price,
      BigDecimal valuation,
      String compartmentId,
      String jurisdiction,
      String issuerPrincipalId,
      String issuedBy,
      Instant issuedAt)
      implements ListingEvent {}
}
