package io.equitoken.listings.listing;

import static io.equitoken.listings.listing.Listings.FOUNDER;
import static io.equitoken.listings.listing.Listings.OPERATOR;
import static io.equitoken.listings.listing.Listings.OTHER_FOUNDER;
import static io.equitoken.listings.listing.Listings.OWNER;
import static io.equitoken.listings.listing.Listings.T1;
import static io.equitoken.listings.listing.Listings.accepted;
import static io.equitoken.listings.listing.Listings.draft;
import static io.equitoken.listings.listing.Listings.draftWithToken;
import static io.equitoken.listings.listing.Listings.inStatus;
import static io.equitoken.listings.listing.Listings.issuance;
import static io.equitoken.listings.listing.Listings.rejected;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.core.Refusal;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ownership, visibility, token issuance and the events each decision yields. */
class ListingRulesTest {

  @Test
  void shouldHideADraftFromEveryoneButItsFounderAndOperators() {
    Listing listing = draft();

    assertThat(listing.visibleTo(OWNER)).isTrue();
    assertThat(listing.visibleTo(OPERATOR)).isTrue();
    assertThat(listing.visibleTo(OTHER_FOUNDER)).isFalse();
    assertThat(inStatus(ListingStatus.ACTIVE).visibleTo(OTHER_FOUNDER)).isTrue();
    assertThat(inStatus(ListingStatus.SUSPENDED).visibleTo(OTHER_FOUNDER)).isFalse();
  }

  @Test
  void shouldAnswerNotFoundWhenAnotherFounderTouchesADraft() {
    Refusal rejection = rejected(draft().close(OTHER_FOUNDER, T1));

    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.NOT_FOUND);
  }

  @Test
  void shouldForbidAnotherFounderToChangeAnActiveListing() {
    Refusal rejection = rejected(inStatus(ListingStatus.ACTIVE).close(OTHER_FOUNDER, T1));

    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.FORBIDDEN);
    assertThat(rejection.code()).isEqualTo("not-listing-owner");
  }

  @Test
  void shouldForbidEvenTheOwnerToSuspendOrReactivate() {
    assertThat(rejected(inStatus(ListingStatus.ACTIVE).suspend(OWNER, null, T1)).kind())
        .isEqualTo(Refusal.Kind.FORBIDDEN);
    assertThat(rejected(inStatus(ListingStatus.SUSPENDED).reactivate(OWNER, T1)).kind())
        .isEqualTo(Refusal.Kind.FORBIDDEN);
  }

  @Test
  void shouldLetAnOperatorChangeAnyListing() {
    Decision.Accepted decision = accepted(inStatus(ListingStatus.ACTIVE).close(OPERATOR, T1));

    assertThat(decision.listing().status()).isEqualTo(ListingStatus.CLOSED);
    assertThat(decision.events())
        .containsExactly(new ListingEvent.Closed("l-1", "active", "operator-1", T1));
  }

  @Test
  void shouldRefuseToPublishADraftWithoutAToken() {
    Refusal rejection = rejected(draft().publish(OWNER, T1));

    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.CONFLICT);
    assertThat(rejection.code()).isEqualTo("token-required");
  }

  @Test
  void shouldAnnounceAPublicationWithTheListingsSummaryAndToken() {
    Decision.Accepted decision = accepted(draftWithToken().publish(OWNER, T1));

    assertThat(decision.events())
        .containsExactly(
            new ListingEvent.Published(
                "l-1",
                FOUNDER,
                "Nova Ledger",
                "fintech",
                "seed",
                "DE",
                new BigDecimal("2500000"),
                "t-1",
                "active",
                T1));
  }

  @Test
  void shouldNotAnnounceEditsOfADraft() {
    Decision.Accepted decision = accepted(draft().edit(OWNER, changes("New name", null), T1));

    assertThat(decision.listing().content().name()).isEqualTo("New name");
    assertThat(decision.events()).isEmpty();
  }

  @Test
  void shouldAnnounceEditsOfAPublicListingWithTheChangedFields() {
    Decision.Accepted decision =
        accepted(
            inStatus(ListingStatus.ACTIVE)
                .edit(OWNER, changes("New name", new BigDecimal("3000000.00")), T1));

    ListingEvent.Updated updated = (ListingEvent.Updated) decision.events().get(0);
    assertThat(updated.changedFields()).containsExactly("name", "raiseTarget");
    assertThat(updated.name()).isEqualTo("New name");
    assertThat(updated.raiseTarget()).isEqualByComparingTo("3000000");
  }

  @Test
  void shouldIgnoreAnEditThatChangesNothing() {
    Listing listing = inStatus(ListingStatus.ACTIVE);

    Decision.Accepted decision =
        accepted(listing.edit(OWNER, changes("Nova Ledger", new BigDecimal("2500000.00")), T1));

    assertThat(decision.listing()).isSameAs(listing);
    assertThat(decision.events()).isEmpty();
  }

  @Test
  void shouldCreditTheFounderWithTheSupplyEvenWhenAnOperatorIssuesTheToken() {
    Decision.Accepted decision =
        accepted(draft().issueToken(OPERATOR, issuance(), "t-9", "c-9", T1));

    ListingEvent.TokenIssued issued = (ListingEvent.TokenIssued) decision.events().get(0);
    assertThat(issued.issuerPrincipalId()).isEqualTo(FOUNDER);
    assertThat(issued.issuedBy()).isEqualTo("operator-1");
    assertThat(issued.supply()).isEqualByComparingTo("1000000");
    assertThat(issued.price()).isEqualByComparingTo("2.5");
    assertThat(issued.valuation()).isEqualByComparingTo("2500000");
    assertThat(decision.listing().tokenomics().tokenId()).isEqualTo("t-9");
    assertThat(decision.listing().status()).isEqualTo(ListingStatus.DRAFT);
  }

  @Test
  void shouldIssueATokenOnlyOncePerListing() {
    Refusal rejection = rejected(draftWithToken().issueToken(OWNER, issuance(), "t-2", "c-2", T1));

    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.CONFLICT);
    assertThat(rejection.code()).isEqualTo("token-already-issued");
    assertThat(rejection.extensions()).containsEntry("tokenId", "t-1");
  }

  @Test
  void shouldRejectAValuationThatIsNotPriceTimesSupply() {
    TokenIssuance wrong =
        new TokenIssuance(
            "US0378331005",
            "T",
            new BigDecimal("1000"),
            new BigDecimal("2"),
            new BigDecimal("2001"),
            "LU",
            "s",
            true);

    Refusal rejection = rejected(draft().issueToken(OWNER, wrong, "t", "c", T1));

    assertThat(rejection.kind()).isEqualTo(Refusal.Kind.BAD_REQUEST);
    assertThat(rejection.field()).isEqualTo("valuation");
  }

  @Test
  void shouldAcceptAValuationEqualToPriceTimesSupplyInAnyScale() {
    TokenIssuance right =
        new TokenIssuance(
            "US0378331005",
            "T",
            new BigDecimal("1000"),
            new BigDecimal("2.5"),
            new BigDecimal("2500.000"),
            "LU",
            "s",
            true);

    assertThat(accepted(draft().issueToken(OWNER, right, "t", "c", T1)).events()).hasSize(1);
  }

  @Test
  void shouldRejectAnIsinWithAWrongCheckDigit() {
    TokenIssuance wrong =
        new TokenIssuance(
            "US0378331004", "T", BigDecimal.TEN, BigDecimal.ONE, null, "LU", "s", true);

    Refusal rejection = rejected(draft().issueToken(OWNER, wrong, "t", "c", T1));

    assertThat(rejection.code()).isEqualTo("invalid-isin");
  }

  private static ListingChanges changes(String name, BigDecimal raiseTarget) {
    return new ListingChanges(name, null, null, null, null, null, null, raiseTarget, null, null);
  }

  @Test
  void shouldReplaceTeamAndDocumentsWhenEdited() {
    ListingChanges changes =
        new ListingChanges(
            null,
            null,
            null,
            null,
            Sector.AI,
            Stage.GROWTH,
            new Country("FR"),
            null,
            List.of(),
            List.of(new Document("New deck", "https://example.com/new.pdf")));

    Decision.Accepted decision =
        accepted(inStatus(ListingStatus.SUSPENDED).edit(OWNER, changes, T1));

    ListingContent after = decision.listing().content();
    assertThat(after.team()).isEmpty();
    assertThat(after.documents()).extracting(Document::title).containsExactly("New deck");
    assertThat(((ListingEvent.Updated) decision.events().get(0)).changedFields())
        .containsExactly("sector", "stage", "country", "team", "documents");
  }
}
