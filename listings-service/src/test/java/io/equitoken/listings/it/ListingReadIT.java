package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;

/**
 * GET /listings and GET /listings/{id}: exact fields, only active listings, filters, order and
 * pagination, and drafts never revealed. Each test uses a country of its own, so the listings other
 * tests create do not disturb its expectations.
 */
class ListingReadIT extends ListingsIntegrationTest {

  private static final String INVESTOR = Api.token("investor-1", "investor");

  @Test
  void shouldListOnlyActiveListingsWithExactlyTheSummaryFields() {
    // given listings of one country in every status
    String founder = Api.newFounder();
    String active = api.active(founder, body("Alpha", "fintech", "seed", "TV"));
    api.draft(founder, body("Draft", "fintech", "seed", "TV"));
    String suspended = api.active(founder, body("Suspended", "fintech", "seed", "TV"));
    api.transition(suspended, "suspend", Api.operator());
    String closed = api.active(founder, body("Closed", "fintech", "seed", "TV"));
    api.transition(closed, "close", Api.operator());

    // when an investor lists that country
    JsonNode page = api.get("/listings?country=TV", INVESTOR);

    // then only the active one is there, with the spec's fields (plus tokenId) and JSON numbers
    assertThat(page.isArray()).isTrue();
    assertThat(page).hasSize(1);
    JsonNode summary = page.get(0);
    assertThat(summary.propertyNames())
        .containsExactlyInAnyOrder(
            "id",
            "name",
            "sector",
            "valuation",
            "tokenPrice",
            "raiseTarget",
            "raiseProgress",
            "status",
            "tokenId");
    assertThat(summary.get("id").asString()).isEqualTo(active);
    assertThat(summary.get("status").asString()).isEqualTo("active");
    assertThat(summary.get("sector").asString()).isEqualTo("fintech");
    for (String number : List.of("valuation", "tokenPrice", "raiseTarget", "raiseProgress")) {
      assertThat(summary.get(number).isNumber()).as(number).isTrue();
    }
    assertThat(summary.get("tokenPrice").decimalValue()).isEqualByComparingTo("2.5");
    assertThat(summary.get("valuation").decimalValue()).isEqualByComparingTo("2500000");
    assertThat(summary.get("raiseTarget").decimalValue()).isEqualByComparingTo("1500000.5");
    assertThat(summary.get("raiseProgress").decimalValue()).isEqualByComparingTo("0");
    assertThat(summary.get("tokenId").isString()).isTrue();
  }

  @Test
  void shouldCombineFiltersCaseInsensitively() {
    // given active listings of one country differing in sector and stage
    String founder = Api.newFounder();
    String aiSeed = api.active(founder, body("AI seed", "ai", "seed", "NR"));
    String aiGrowth = api.active(founder, body("AI growth", "ai", "growth", "NR"));
    String climateSeed = api.active(founder, body("Climate seed", "climate", "seed", "NR"));

    // when filtered by each and by combinations, in any case
    // then exactly the matching listings come back
    assertThat(ids("/listings?country=nr"))
        .containsExactlyInAnyOrder(aiSeed, aiGrowth, climateSeed);
    assertThat(ids("/listings?country=NR&sector=AI")).containsExactlyInAnyOrder(aiSeed, aiGrowth);
    assertThat(ids("/listings?country=Nr&stage=Seed"))
        .containsExactlyInAnyOrder(aiSeed, climateSeed);
    assertThat(ids("/listings?country=NR&sector=ai&stage=GROWTH")).containsExactly(aiGrowth);
    assertThat(ids("/listings?country=NR&sector=biotech")).isEmpty();
    assertThat(ids("/listings?sector=ai&limit=100"))
        .contains(aiSeed, aiGrowth)
        .doesNotContain(climateSeed);
  }

  @Test
  void shouldAnswer400ListingTheAllowedValuesForAnUnknownFilterValue() {
    api.call(HttpMethod.GET, "/listings?sector=gambling", INVESTOR, null)
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("sector")
        .jsonPath("$.allowed[0]")
        .isEqualTo("ai")
        .jsonPath("$.detail")
        .value(d -> assertThat((String) d).contains("fintech", "healthtech"));
    api.call(HttpMethod.GET, "/listings?stage=ipo", INVESTOR, null)
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.allowed")
        .isEqualTo(List.of("pre_seed", "seed", "series_a", "series_b", "growth"));
    api.call(HttpMethod.GET, "/listings?country=XX", INVESTOR, null)
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("country");
  }

  @Test
  void shouldPageThroughAllListingsInNameOrderWithoutDuplicatesOrGaps() {
    // given 7 active listings of one country, names in mixed case and one name twice
    String founder = Api.newFounder();
    List<String> names = List.of("delta", "Alpha", "charlie", "Bravo", "echo", "alpha", "Golf");
    List<String> created = new ArrayList<>();
    for (String name : names) {
      created.add(api.active(founder, body(name, "saas", "seed", "TO")));
    }

    // when paged 3 at a time, following the Link header
    List<JsonNode> seen = new ArrayList<>();
    String next = "/listings?country=TO&limit=3";
    int pages = 0;
    while (next != null) {
      var result =
          api.call(HttpMethod.GET, next, INVESTOR, null)
              .expectStatus()
              .isOk()
              .expectBody()
              .returnResult();
      JsonNode page =
          tools.jackson.databind.json.JsonMapper.builder()
              .build()
              .readTree(result.getResponseBodyContent());
      assertThat(page.size()).isLessThanOrEqualTo(3);
      page.forEach(seen::add);
      next = nextLink(result.getResponseHeaders().getFirst(HttpHeaders.LINK));
      pages++;
    }

    // then 3 pages hold every listing exactly once, ordered by lower-cased name then id
    assertThat(pages).isEqualTo(3);
    List<String> ids = seen.stream().map(n -> n.get("id").asString()).toList();
    assertThat(ids).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(created);
    List<JsonNode> sorted = new ArrayList<>(seen);
    sorted.sort(
        Comparator.comparing((JsonNode n) -> n.get("name").asString().toLowerCase(Locale.ROOT))
            .thenComparing(n -> n.get("id").asString()));
    assertThat(seen).containsExactlyElementsOf(sorted);
  }

  @Test
  void shouldKeepPagesStableWhenAListingIsAddedBeforeTheCursor() {
    // given the first page of two of one country's three listings
    String founder = Api.newFounder();
    String b = api.active(founder, body("b", "saas", "seed", "KI"));
    String c = api.active(founder, body("c", "saas", "seed", "KI"));
    String d = api.active(founder, body("d", "saas", "seed", "KI"));
    var first =
        api.call(HttpMethod.GET, "/listings?country=KI&limit=2", INVESTOR, null)
            .expectStatus()
            .isOk()
            .expectBody()
            .returnResult();
    List<String> firstIds = new ArrayList<>();
    tools.jackson.databind.json.JsonMapper.builder()
        .build()
        .readTree(first.getResponseBodyContent())
        .forEach(n -> firstIds.add(n.get("id").asString()));
    String next = nextLink(first.getResponseHeaders().getFirst(HttpHeaders.LINK));

    // when a listing sorting before the cursor is published in between
    String a = api.active(founder, body("a", "saas", "seed", "KI"));

    // then the next page resumes right after the last row seen: no duplicate, no gap
    assertThat(firstIds).containsExactly(b, c);
    assertThat(ids(next)).containsExactly(d);
    assertThat(ids("/listings?country=KI")).containsExactly(a, b, c, d);
  }

  @Test
  void shouldAnswer400ForAnInvalidLimitOrCursor() {
    for (String query : List.of("limit=0", "limit=101", "limit=ten", "cursor=%21%21notours")) {
      api.call(HttpMethod.GET, "/listings?" + query, INVESTOR, null)
          .expectStatus()
          .isBadRequest()
          .expectHeader()
          .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON);
    }
  }

  @Test
  void shouldShowTheDetailWithExactlyTheSpecFieldsPlusTokenStatusStageAndCountry() {
    // given an active listing
    String founder = Api.newFounder();
    String id = api.active(founder, body("Detail", "healthtech", "series_a", "NL"));

    // when an investor reads it
    JsonNode detail = api.get("/listings/" + id, INVESTOR);

    // then the spec's fields are there with their types, and the documented additions
    assertThat(detail.propertyNames())
        .contains(
            "id",
            "name",
            "description",
            "problem",
            "solution",
            "sector",
            "team",
            "tokenomics",
            "documents")
        .contains("tokenId", "status", "stage", "country", "raiseTarget", "raiseProgress");
    assertThat(detail.get("team").get(0).propertyNames()).containsExactlyInAnyOrder("name", "role");
    assertThat(detail.get("documents").get(0).propertyNames())
        .containsExactlyInAnyOrder("title", "url");
    JsonNode tokenomics = detail.get("tokenomics");
    assertThat(tokenomics.propertyNames())
        .containsExactlyInAnyOrder("tokenSupply", "tokenPrice", "valuation");
    assertThat(tokenomics.get("tokenSupply").isNumber()).isTrue();
    assertThat(tokenomics.get("tokenSupply").decimalValue()).isEqualByComparingTo("1000000");
    assertThat(tokenomics.get("valuation").decimalValue()).isEqualByComparingTo("2500000");
    assertThat(detail.get("stage").asString()).isEqualTo("series_a");
    assertThat(detail.get("country").asString()).isEqualTo("NL");
  }

  @Test
  void shouldShowNullTokenFieldsForADraftBeforeItsTokenIsIssued() {
    String founder = Api.newFounder();
    String id = api.draft(founder);

    JsonNode detail = api.get("/listings/" + id, Api.founder(founder));

    assertThat(detail.get("tokenId").isNull()).isTrue();
    assertThat(detail.get("tokenomics").isNull()).isTrue();
    assertThat(detail.get("status").asString()).isEqualTo("draft");
  }

  @Test
  void shouldRevealANonActiveListingOnlyToItsFounderAndOperators() {
    // given a founder's draft and suspended listings
    String founder = Api.newFounder();
    String draft = api.draft(founder);
    String suspended = api.inStatus(founder, "suspended");

    for (String id : List.of(draft, suspended)) {
      // then the founder and an operator see it
      api.call(HttpMethod.GET, "/listings/" + id, Api.founder(founder), null).expectStatus().isOk();
      api.call(HttpMethod.GET, "/listings/" + id, Api.operator(), null).expectStatus().isOk();
      // and an investor, a partner or another founder get the same 404 as for a missing id
      for (String other :
          List.of(
              INVESTOR,
              Api.token("p", "partner"),
              Api.founder(Api.newFounder()),
              Api.token("c", "compliance_officer"))) {
        api.call(HttpMethod.GET, "/listings/" + id, other, null)
            .expectStatus()
            .isNotFound()
            .expectBody()
            .jsonPath("$.code")
            .isEqualTo("listing-not-found");
      }
    }
  }

  @Test
  void shouldAnswer404ProblemForAnUnknownListing() {
    api.call(HttpMethod.GET, "/listings/" + UUID.randomUUID(), INVESTOR, null)
        .expectStatus()
        .isNotFound()
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.status")
        .isEqualTo(404);
  }

  private List<String> ids(String uri) {
    List<String> ids = new ArrayList<>();
    api.get(uri, INVESTOR).forEach(n -> ids.add(n.get("id").asString()));
    return ids;
  }

  private static String nextLink(String link) {
    if (link == null) {
      return null;
    }
    assertThat(link).endsWith("; rel=\"next\"");
    return link.substring(link.indexOf('<') + 1, link.indexOf('>'));
  }

  private static Map<String, Object> body(
      String name, String sector, String stage, String country) {
    return Api.listingBody(name, sector, stage, country);
  }
}
