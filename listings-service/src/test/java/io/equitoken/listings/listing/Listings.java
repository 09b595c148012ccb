package io.equitoken.listings.listing;

import io.equitoken.platform.core.Refusal;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** Listings in every state, for domain tests. */
final class Listings {

  static final String FOUNDER = "founder-a";
  static final Actor OWNER = new Actor(FOUNDER, false);
  static final Actor OTHER_FOUNDER = new Actor("founder-b", false);
  static final Actor OPERATOR = new Actor("operator-1", true);
  static final Instant T0 = Instant.parse("2026-11-20T10:00:00Z");
  static final Instant T1 = Instant.parse("2026-11-20T11:00:00Z");

  private Listings() {}

  static ListingContent content() {
    return new ListingContent(
        "Nova Ledger",
        "Treasury for SMEs.",
        "Cash is seen late.",
        "Live cash position.",
        Sector.FINTECH,
        Stage.SEED,
        new Country("DE"),
        new BigDecimal("2500000"),
        List.of(new TeamMember("Ada", "CEO")),
        List.of(new Document("Deck", "https://docs.example.com/deck.pdf")));
  }

  static TokenIssuance issuance() {
    return new TokenIssuance(
        "US0378331005",
        "Nova Token",
        new BigDecimal("1000000"),
        new BigDecimal("2.50"),
        null,
        "LU",
        "Luxembourg securitisation compartment",
        true);
  }

  static Listing draft() {
    return Listing.draft("l-1", FOUNDER, content(), T0);
  }

  static Listing draftWithToken() {
    return accepted(draft().issueToken(OWNER, issuance(), "t-1", "c-1", T0)).listing();
  }

  static Listing inStatus(ListingStatus status) {
    return switch (status) {
      case DRAFT -> draft();
      case ACTIVE -> accepted(draftWithToken().publish(OWNER, T0)).listing();
      case SUSPENDED ->
          accepted(inStatus(ListingStatus.ACTIVE).suspend(OPERATOR, "r", T0)).listing();
      case CLOSED -> accepted(inStatus(ListingStatus.ACTIVE).close(OWNER, T0)).listing();
    };
  }

  static Decision.Accepted accepted(Decision decision) {
    if (decision instanceof Decision.Accepted accepted) {
      return accepted;
    }
    throw new AssertionError("expected acceptance but got " + decision);
  }

  static Refusal rejected(Decision decision) {
    if (decision instanceof Decision.Rejected rejected) {
      return rejected.rejection();
    }
    throw new AssertionError("expected a rejection but got " + decision);
  }
}
