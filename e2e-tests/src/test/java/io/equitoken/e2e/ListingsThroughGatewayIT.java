package io.equitoken.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/** The listings a client browses, through the gateway: exactly the spec's fields, and filters. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ListingsThroughGatewayIT extends ThroughTheGateway {

  private static final Set<String> SUMMARY_FIELDS =
      Set.of(
          "id",
          "name",
          "sector",
          "valuation",
          "tokenPrice",
          "raiseTarget",
          "raiseProgress",
          "status");
  private static final Set<String> DETAIL_FIELDS =
      Set.of(
          "id",
          "name",
          "description",
          "problem",
          "solution",
          "sector",
          "team",
          "tokenomics",
          "documents");

  /**
   * Members listings-service adds beside the spec's (docs/services/listings-service.md,
   * "Representations"): allowed, but nothing else is, and every spec member must be there.
   */
  private static final Set<String> SUMMARY_ADDITIONS = Set.of("tokenId");

  private static final Set<String> DETAIL_ADDITIONS =
      Set.of(
          "tokenId",
          "status",
          "stage",
          "country",
          "raiseTarget",
          "raiseProgress",
          "createdAt",
          "updatedAt");
  private static final List<String> STAGES =
      List.of("pre_seed", "seed", "series_a", "series_b", "growth");

  ListingsThroughGatewayIT(E2ePlatform e2e) {
    super(e2e);
  }

  @Test
  @Order(1)
  void shouldListOnlyActiveListingsWithExactlyTheSpecFields() {
    HttpResponse<String> response = gateway.get("/listings", investorToken());

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue("Strict-Transport-Security")).isPresent();
    JsonNode listings = json.readTree(response.body());
    assertThat(listings.isArray()).isTrue();
    assertThat(listings.size()).isPositive();
    for (JsonNode listing : listings) {
      assertThat(fieldNames(listing))
          .containsAll(SUMMARY_FIELDS)
          .isSubsetOf(union(SUMMARY_FIELDS, SUMMARY_ADDITIONS));
      assertThat(listing.get("status").asString()).isEqualTo("active");
      assertThat(listing.get("id").isString()).isTrue();
      assertThat(listing.get("name").isString()).isTrue();
      assertThat(listing.get("sector").isString()).isTrue();
      for (String number : List.of("valuation", "tokenPrice", "raiseTarget", "raiseProgress")) {
        assertThat(listing.get(number).isNumber()).as(number).isTrue();
      }
    }
  }

  @Test
  @Order(2)
  void shouldFilterListingsBySectorStageAndCountry() {
    List<JsonNode> all = list("/listings");
    Set<String> allIds = ids(all);

    // sector: exactly the listings of that sector
    for (String sector : all.stream().map(l -> l.get("sector").asString()).distinct().toList()) {
      List<JsonNode> filtered = list("/listings?sector=" + sector);
      Set<String> expected = new HashSet<>();
      all.stream()
          .filter(l -> l.get("sector").asString().equals(sector))
          .forEach(l -> expected.add(l.get("id").asString()));
      assertThat(ids(filtered)).as("sector=" + sector).isEqualTo(expected);
    }

    // stage: every active listing has exactly one stage, so the stages partition the list
    List<String> byStage = new ArrayList<>();
    for (String stage : STAGES) {
      Set<String> stageIds = ids(list("/listings?stage=" + stage));
      assertThat(allIds).as("stage=" + stage).containsAll(stageIds);
      byStage.addAll(stageIds);
    }
    assertThat(byStage).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(allIds);
    assertThat(STAGES.stream().filter(s -> !list("/listings?stage=" + s).isEmpty()).count())
        .as("demo data spans several stages")
        .isGreaterThan(1);

    // country: a filter that narrows, and two countries never share a listing
    Set<String> germany = ids(list("/listings?country=DE"));
    Set<String> spain = ids(list("/listings?country=ES"));
    assertThat(germany).isNotEmpty();
    assertThat(allIds).containsAll(germany).containsAll(spain);
    assertThat(germany.size()).isLessThan(allIds.size());
    assertThat(germany).doesNotContainAnyElementsOf(spain);

    // and the detail (which carries stage and country) agrees with the filters
    for (String id : ids(list("/listings?stage=seed"))) {
      assertThat(detail(id).get("stage").asString()).isEqualTo("seed");
    }
    for (String id : germany) {
      assertThat(detail(id).get("country").asString()).isEqualTo("DE");
    }

    // combined: the intersection
    String sector =
        all.stream()
            .filter(l -> germany.contains(l.get("id").asString()))
            .findFirst()
            .orElseThrow()
            .get("sector")
            .asString();
    Set<String> combined = ids(list("/listings?sector=" + sector + "&country=DE"));
    assertThat(combined).isNotEmpty().isSubsetOf(germany);
    assertThat(combined).isSubsetOf(ids(list("/listings?sector=" + sector)));
  }

  @Test
  @Order(3)
  void shouldShowOneListingsDetailWithExactlyTheSpecFields() {
    JsonNode summary = list("/listings").get(0);

    HttpResponse<String> response =
        gateway.get("/listings/" + summary.get("id").asString(), investorToken());

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode detail = json.readTree(response.body());
    assertThat(fieldNames(detail))
        .containsAll(DETAIL_FIELDS)
        .isSubsetOf(union(DETAIL_FIELDS, DETAIL_ADDITIONS));
    assertThat(detail.get("id").asString()).isEqualTo(summary.get("id").asString());
    assertThat(detail.get("name").asString()).isEqualTo(summary.get("name").asString());
    assertThat(detail.get("sector").asString()).isEqualTo(summary.get("sector").asString());
    for (String text : List.of("description", "problem", "solution")) {
      assertThat(detail.get(text).asString()).as(text).isNotBlank();
    }
    assertThat(detail.get("team").size()).isPositive();
    for (JsonNode member : detail.get("team")) {
      assertThat(fieldNames(member)).isEqualTo(Set.of("name", "role"));
    }
    assertThat(fieldNames(detail.get("tokenomics")))
        .isEqualTo(Set.of("tokenSupply", "tokenPrice", "valuation"));
    assertThat(detail.get("tokenomics").get("tokenPrice").isNumber()).isTrue();
    assertThat(detail.get("documents").size()).isPositive();
    for (JsonNode document : detail.get("documents")) {
      assertThat(fieldNames(document)).isEqualTo(Set.of("title", "url"));
      assertThat(document.get("url").asString()).startsWith("http");
    }
  }

  private List<JsonNode> list(String path) {
    HttpResponse<String> response = gateway.get(path, investorToken());
    assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
    List<JsonNode> items = new ArrayList<>();
    json.readTree(response.body()).forEach(items::add);
    return items;
  }

  private JsonNode detail(String id) {
    HttpResponse<String> response = gateway.get("/listings/" + id, investorToken());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return json.readTree(response.body());
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> all = new HashSet<>(a);
    all.addAll(b);
    return all;
  }

  private static Set<String> ids(List<JsonNode> listings) {
    Set<String> ids = new HashSet<>();
    listings.forEach(l -> ids.add(l.get("id").asString()));
    return ids;
  }

  @SuppressWarnings("unchecked")
  private Set<String> fieldNames(JsonNode node) {
    return json.convertValue(node, Map.class).keySet();
  }
}
