package io.equitoken.listings.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.listings.listing.ListingStatus;
import io.equitoken.listings.token.Isin;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class DemoListingsTest {

  private final List<DemoListings.Demo> demos = DemoListings.all();

  @Test
  void shouldOfferADozenStartupsAcrossSectorsStagesAndCountries() {
    assertThat(demos).hasSize(12);
    assertThat(demos.stream().map(d -> d.content().sector()).distinct().count()).isEqualTo(12);
    assertThat(demos.stream().map(d -> d.content().stage()).distinct().count()).isEqualTo(5);
    assertThat(demos.stream().map(d -> d.content().country()).distinct().count())
        .isGreaterThanOrEqualTo(10);
  }

  @Test
  void shouldIncludeListingsThatAreNotActive() {
    assertThat(demos)
        .extracting(DemoListings.Demo::target)
        .contains(ListingStatus.DRAFT, ListingStatus.SUSPENDED, ListingStatus.CLOSED);
  }

  @Test
  void shouldGiveEveryListingThatWasEverPublicAValidUniqueIsin() {
    List<String> isins =
        demos.stream()
            .filter(d -> d.target() != ListingStatus.DRAFT)
            .map(DemoListings.Demo::isin)
            .toList();

    assertThat(isins).doesNotContainNull().doesNotHaveDuplicates();
    assertThat(isins).allSatisfy(isin -> assertThat(Isin.check(isin)).isEqualTo(Isin.Problem.NONE));
  }

  @Test
  void shouldUseFixedDistinctIdsSoThatReloadingIsIdempotent() {
    assertThat(demos.stream().map(DemoListings.Demo::listingId).distinct()).hasSize(12);
    assertThat(demos.stream().map(DemoListings.Demo::tokenId).filter(Objects::nonNull).distinct())
        .hasSize(12);
    assertThat(demos.get(0).listingId()).isEqualTo("5e1f0000-0000-4000-8000-000000000001");
    assertThat(demos.get(11).listingId()).isEqualTo("5e1f0000-0000-4000-8000-000000000012");
  }
}
