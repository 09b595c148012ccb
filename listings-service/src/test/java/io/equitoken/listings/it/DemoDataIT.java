package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.listings.config.DemoDataLoader;
import io.equitoken.listings.listing.ListingService;
import io.equitoken.listings.listing.ListingStore;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.DefaultApplicationArguments;
import tools.jackson.databind.JsonNode;

/** The demo data loads through the real service, and loading it again changes nothing. */
class DemoDataIT extends ListingsIntegrationTest {

  @Autowired ListingService service;
  @Autowired ListingStore listings;

  @Test
  void shouldLoadTheDemoStartupsOnceAndConvergeOnEveryLaterStart() {
    // given the loader as ./equitoken up runs it
    DemoDataLoader loader = new DemoDataLoader(service, listings);
    ApplicationArguments none = new DefaultApplicationArguments();

    // when it runs twice (a restart)
    loader.run(none);
    long events = outboxSize();
    loader.run(none);

    // then founder-nova owns twelve listings: nine active, a draft, a suspended and a closed one
    assertThat(count("select count(*) from listing where founder_id = 'founder-nova'"))
        .isEqualTo(12);
    assertThat(
            count(
                "select count(*) from listing where founder_id = 'founder-nova' and status = 'active'"))
        .isEqualTo(9);
    assertThat(
            count(
                "select count(*) from listing where founder_id = 'founder-nova' and status in"
                    + " ('draft', 'suspended', 'closed')"))
        .isEqualTo(3);
    // and every listing that was ever public has its token and compartment
    assertThat(count("select count(*) from token where issuer_principal_id = 'founder-nova'"))
        .isEqualTo(11);
    // and the second run neither wrote nor announced anything
    assertThat(outboxSize()).isEqualTo(events);
    // and the demo founder sees their draft, an investor the public token and its compartment
    JsonNode draft =
        api.get("/listings/5e1f0000-0000-4000-8000-000000000010", Api.founder("founder-nova"));
    assertThat(draft.get("status").asString()).isEqualTo("draft");
    JsonNode token =
        api.get("/tokens/70c00000-0000-4000-8000-000000000001", Api.token("i", "investor"));
    assertThat(token.get("ISIN").asString()).isEqualTo("LU2EQT000010");
    assertThat(
            api.get(
                    "/tokens/70c00000-0000-4000-8000-000000000001/compartment",
                    Api.token("i", "investor"))
                .get("bankruptcyRemote")
                .asBoolean())
        .isTrue();
  }
}
