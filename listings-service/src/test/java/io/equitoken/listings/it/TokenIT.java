package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;

/** Issuing a token and reading it and its compartment. */
class TokenIT extends ListingsIntegrationTest {

  private static final String INVESTOR = Api.token("investor-7", "investor");

  @Test
  void shouldIssueATokenAndShowItWithExactlyTheSpecFields() {
    // given a founder's draft
    String founder = Api.newFounder();
    String listingId = api.draft(founder);
    String isin = Api.newIsin();
    Map<String, Object> body = Api.tokenBody(isin.toLowerCase());

    // when the founder issues its token (ISIN typed in lower case) and publishes the listing
    var result =
        api.call(HttpMethod.POST, "/listings/" + listingId + "/token", Api.founder(founder), body)
            .expectStatus()
            .isCreated()
            .expectBody()
            .returnResult();
    String tokenId =
        tools.jackson.databind.json.JsonMapper.builder()
            .build()
            .readTree(result.getResponseBodyContent())
            .get("tokenId")
            .asString();
    api.transition(listingId, "publish", Api.founder(founder));

    // then anyone sees the token with the spec's fields and the compartment it lives in
    assertThat(result.getResponseHeaders().getLocation()).hasToString("/tokens/" + tokenId);
    JsonNode token = api.get("/tokens/" + tokenId, INVESTOR);
    assertThat(token.propertyNames())
        .containsExactlyInAnyOrder(
            "tokenId",
            "startupId",
            "ISIN",
            "tokenName",
            "supply",
            "price",
            "valuation",
            "compartmentId");
    assertThat(token.get("startupId").asString()).isEqualTo(listingId);
    assertThat(token.get("ISIN").asString()).isEqualTo(isin);
    assertThat(token.get("supply").isNumber()).isTrue();
    assertThat(token.get("supply").decimalValue()).isEqualByComparingTo("1000000");
    assertThat(token.get("price").decimalValue()).isEqualByComparingTo("2.5");
    assertThat(token.get("valuation").decimalValue()).isEqualByComparingTo("2500000");
    JsonNode compartment = api.get("/tokens/" + tokenId + "/compartment", INVESTOR);
    assertThat(compartment.propertyNames())
        .containsExactlyInAnyOrder(
            "compartmentId", "jurisdiction", "structure", "bankruptcyRemote");
    assertThat(compartment.get("compartmentId").asString())
        .isEqualTo(token.get("compartmentId").asString());
    assertThat(compartment.get("jurisdiction").asString()).isEqualTo("LU");
    assertThat(compartment.get("bankruptcyRemote").isBoolean()).isTrue();
    assertThat(compartment.get("bankruptcyRemote").asBoolean()).isTrue();
    assertThat(api.get("/listings/" + listingId, INVESTOR).get("tokenId").asString())
        .isEqualTo(tokenId);
  }

  @Test
  void shouldHideTheTokenOfADraftFromEveryoneButItsFounderAndOperators() {
    String founder = Api.newFounder();
    String listingId = api.draft(founder);
    String tokenId = api.issue(founder, listingId);

    api.call(HttpMethod.GET, "/tokens/" + tokenId, Api.founder(founder), null)
        .expectStatus()
        .isOk();
    api.call(HttpMethod.GET, "/tokens/" + tokenId, Api.operator(), null).expectStatus().isOk();
    api.call(HttpMethod.GET, "/tokens/" + tokenId, INVESTOR, null).expectStatus().isNotFound();
    api.call(HttpMethod.GET, "/tokens/" + tokenId + "/compartment", INVESTOR, null)
        .expectStatus()
        .isNotFound();
  }

  @Test
  void shouldAnswer404ProblemForAnUnknownToken() {
    for (String uri :
        List.of("/tokens/" + UUID.randomUUID(), "/tokens/" + UUID.randomUUID() + "/compartment")) {
      api.call(HttpMethod.GET, uri, INVESTOR, null)
          .expectStatus()
          .isNotFound()
          .expectHeader()
          .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
          .expectBody()
          .jsonPath("$.code")
          .isEqualTo("token-not-found");
    }
  }

  @Test
  void shouldOfferNoWayToChangeACompartment() {
    api.call(HttpMethod.PUT, "/tokens/x/compartment", Api.operator(), Map.of("jurisdiction", "DE"))
        .expectStatus()
        .isEqualTo(405);
  }

  @Test
  void shouldRejectAnIsinAlreadyUsedByAnotherTokenWith409() {
    String isin = Api.newIsin();
    String founder = Api.newFounder();
    api.call(
            HttpMethod.POST,
            "/listings/" + api.draft(founder) + "/token",
            Api.founder(founder),
            Api.tokenBody(isin))
        .expectStatus()
        .isCreated();
    String second = api.draft(founder);

    api.call(
            HttpMethod.POST,
            "/listings/" + second + "/token",
            Api.founder(founder),
            Api.tokenBody(isin))
        .expectStatus()
        .isEqualTo(409)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("isin-taken")
        .jsonPath("$.field")
        .isEqualTo("isin");
    assertThat(count("select count(*) from token where listing_id = $1", second)).isZero();
  }

  @Test
  void shouldComputeTheValuationOrAcceptOneThatMatches() {
    String founder = Api.newFounder();
    String listingId = api.draft(founder);
    Map<String, Object> body = Api.tokenBody(Api.newIsin());
    body.put("supply", 400);
    body.put("initialPrice", 12.25);
    body.put("valuation", 4900.0);

    JsonNode token =
        Api.json(
            api.call(
                    HttpMethod.POST,
                    "/listings/" + listingId + "/token",
                    Api.founder(founder),
                    body)
                .expectStatus()
                .isCreated());

    assertThat(token.get("valuation").decimalValue()).isEqualByComparingTo("4900");
  }

  static Stream<Arguments> badTokens() {
    return Stream.of(
        bad("missing isin", b -> b.remove("isin"), "isin", "validation-failed"),
        bad("wrong check digit", b -> b.put("isin", "US0378331004"), "isin", "invalid-isin"),
        bad("too short", b -> b.put("isin", "US037833100"), "isin", "invalid-isin"),
        bad(
            "letters in the check digit",
            b -> b.put("isin", "US037833100X"),
            "isin",
            "invalid-isin"),
        bad("oversize isin", b -> b.put("isin", "X".repeat(40)), "isin", "validation-failed"),
        bad("missing supply", b -> b.remove("supply"), "supply", "validation-failed"),
        bad("negative supply", b -> b.put("supply", -10), "supply", "validation-failed"),
        bad("fractional supply", b -> b.put("supply", 10.5), "supply", "validation-failed"),
        bad("absurd supply", b -> b.put("supply", 1e18), "supply", "validation-failed"),
        bad("supply as a string", b -> b.put("supply", "1000"), "supply", "validation-failed"),
        bad("zero price", b -> b.put("initialPrice", 0), "initialPrice", "validation-failed"),
        bad(
            "price with 9 decimals",
            b -> b.put("initialPrice", 0.123456789),
            "initialPrice",
            "validation-failed"),
        bad(
            "valuation not price times supply",
            b -> b.put("valuation", 1),
            "valuation",
            "valuation-mismatch"),
        bad(
            "missing compartment",
            b -> b.remove("compartment"),
            "compartment",
            "validation-failed"),
        bad(
            "unknown jurisdiction",
            b ->
                b.put(
                    "compartment",
                    Map.of("jurisdiction", "QQ", "structure", "s", "bankruptcyRemote", true)),
            "compartment.jurisdiction",
            "validation-failed"),
        bad(
            "bankruptcyRemote as a string",
            b ->
                b.put(
                    "compartment",
                    Map.of("jurisdiction", "LU", "structure", "s", "bankruptcyRemote", "yes")),
            "compartment.bankruptcyRemote",
            "validation-failed"),
        bad(
            "missing bankruptcyRemote",
            b -> b.put("compartment", Map.of("jurisdiction", "LU", "structure", "s")),
            "compartment.bankruptcyRemote",
            "validation-failed"),
        bad("unknown field", b -> b.put("owner", "me"), "owner", "validation-failed"));
  }

  private static Arguments bad(
      String why, Consumer<Map<String, Object>> breakIt, String field, String code) {
    return Arguments.of(why, breakIt, field, code);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badTokens")
  void shouldRejectABadIssuanceWith400AndStoreNothing(
      String why, Consumer<Map<String, Object>> breakIt, String field, String code) {
    // given a draft and an issuance with one mistake
    String founder = Api.newFounder();
    String listingId = api.draft(founder);
    Map<String, Object> body = new HashMap<>(Api.tokenBody(Api.newIsin()));
    breakIt.accept(body);
    long outbox = outboxSize();

    // when the founder issues it
    var response =
        api.call(HttpMethod.POST, "/listings/" + listingId + "/token", Api.founder(founder), body);

    // then a 400 problem names the field and no token, compartment or event exists
    response
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo(field)
        .jsonPath("$.code")
        .isEqualTo(code);
    assertThat(count("select count(*) from token where listing_id = $1", listingId)).isZero();
    assertThat(outboxSize()).isEqualTo(outbox);
  }
}
