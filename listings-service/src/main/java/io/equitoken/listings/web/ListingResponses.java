package io.equitoken.listings.web;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.equitoken.listings.listing.Listing;
import io.equitoken.listings.listing.ListingContent;
import io.equitoken.listings.listing.Tokenomics;
import io.equitoken.listings.token.Compartment;
import io.equitoken.listings.token.Token;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * What clients see. Field names are the spec's, exactly; members that depend on the token ({@code
 * tokenId}, {@code tokenPrice}, {@code valuation}, {@code tokenomics}) are present and {@code null}
 * until the token is issued.
 */
final class ListingResponses {

  private ListingResponses() {}

  record ListingSummary(
      String id,
      String name,
      String sector,
      BigDecimal valuation,
      BigDecimal tokenPrice,
      BigDecimal raiseTarget,
      BigDecimal raiseProgress,
      String status,
      String tokenId) {}

  record TeamMemberView(String name, String role) {}

  record DocumentView(String title, String url) {}

  record TokenomicsView(BigDecimal tokenSupply, BigDecimal tokenPrice, BigDecimal valuation) {}

  record ListingDetail(
      String id,
      String name,
      String description,
      String problem,
      String solution,
      String sector,
      List<TeamMemberView> team,
      TokenomicsView tokenomics,
      List<DocumentView> documents,
      String tokenId,
      String status,
      String stage,
      String country,
      BigDecimal raiseTarget,
      BigDecimal raiseProgress,
      Instant createdAt,
      Instant updatedAt) {}

  record TokenView(
      String tokenId,
      String startupId,
      @JsonProperty("ISIN") String isin,
      String tokenName,
      BigDecimal supply,
      BigDecimal price,
      BigDecimal valuation,
      String compartmentId) {}

  record CompartmentView(
      String compartmentId, String jurisdiction, String structure, boolean bankruptcyRemote) {}

  static ListingSummary summary(Listing listing) {
    Tokenomics t = listing.tokenomics();
    ListingContent c = listing.content();
    return new ListingSummary(
        listing.id(),
        c.name(),
        c.sector().value(),
        t == null ? null : t.valuation(),
        t == null ? null : t.tokenPrice(),
        c.raiseTarget(),
        listing.raiseProgress(),
        listing.status().value(),
        t == null ? null : t.tokenId());
  }

  static ListingDetail detail(Listing listing) {
    Tokenomics t = listing.tokenomics();
    ListingContent c = listing.content();
    return new ListingDetail(
        listing.id(),
        c.name(),
        c.description(),
        c.problem(),
        c.solution(),
        c.sector().value(),
        c.team().stream().map(m -> new TeamMemberView(m.name(), m.role())).toList(),
        t == null ? null : new TokenomicsView(t.tokenSupply(), t.tokenPrice(), t.valuation()),
        c.documents().stream().map(d -> new DocumentView(d.title(), d.url())).toList(),
        t == null ? null : t.tokenId(),
        listing.status().value(),
        c.stage().value(),
        c.country().code(),
        c.raiseTarget(),
        listing.raiseProgress(),
        listing.createdAt(),
        listing.updatedAt());
  }

  static TokenView token(Token token) {
    return new TokenView(
        token.tokenId(),
        token.listingId(),
        token.isin(),
        token.tokenName(),
        token.supply(),
        token.price(),
        token.valuation(),
        token.compartmentId());
  }

  static CompartmentView compartment(Compartment c) {
    return new CompartmentView(
        c.compartmentId(), c.jurisdiction(), c.structure(), c.bankruptcyRemote());
  }
}
