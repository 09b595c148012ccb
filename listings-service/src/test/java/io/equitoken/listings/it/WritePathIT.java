package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
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

/** Creating, editing and moving listings through their states over HTTP. */
class WritePathIT extends ListingsIntegrationTest {

  @Test
  void shouldCreateADraftOwnedByTheCallingFounder() {
    // given a founder
    String founder = Api.newFounder();

    // when they create a listing
    var result =
        api.call(
                HttpMethod.POST,
                "/listings",
                Api.founder(founder),
                Api.listingBody("Created", "climate", "pre_seed", "es"))
            .expectStatus()
            .isCreated()
            .expectBody()
            .returnResult();

    // then it is a draft of theirs, at the Location given, with normalised values
    JsonNode body =
        tools.jackson.databind.json.JsonMapper.builder()
            .build()
            .readTree(result.getResponseBodyContent());
    String id = body.get("id").asString();
    assertThat(result.getResponseHeaders().getLocation()).hasToString("/listings/" + id);
    assertThat(body.get("status").asString()).isEqualTo("draft");
    assertThat(body.get("country").asString()).isEqualTo("ES");
    assertThat(body.get("stage").asString()).isEqualTo("pre_seed");
    assertThat(count("select count(*) from listing where id = $1 and founder_id = $2", id, founder))
        .isEqualTo(1);
  }

  @Test
  void shouldLetAnOperatorCreateAListingForAFounderButNotAFounderForAnother() {
    String founder = Api.newFounder();
    Map<String, Object> body = Api.listingBody("For " + founder, "ai", "seed", "FR");
    body.put("founderId", founder);

    String id =
        Api.json(
                api.call(HttpMethod.POST, "/listings", Api.operator(), body)
                    .expectStatus()
                    .isCreated())
            .get("id")
            .asString();
    api.call(HttpMethod.GET, "/listings/" + id, Api.founder(founder), null).expectStatus().isOk();

    api.call(HttpMethod.POST, "/listings", Api.founder(Api.newFounder()), body)
        .expectStatus()
        .isForbidden()
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("founder-mismatch");
  }

  @Test
  void shouldEditTheGivenFieldsAndKeepTheOthers() {
    // given a draft
    String founder = Api.newFounder();
    String id = api.draft(founder);
    JsonNode before = api.get("/listings/" + id, Api.founder(founder));

    // when the founder edits some fields
    Map<String, Object> changes = new LinkedHashMap<>();
    changes.put("name", "Renamed");
    changes.put("stage", "SERIES_B");
    changes.put("raiseTarget", 3000000);
    changes.put(
        "team", List.of(Map.of("name", "Bo", "role", "CTO"), Map.of("name", "Cy", "role", "COO")));
    changes.put("documents", List.of());
    JsonNode after =
        Api.json(
            api.call(HttpMethod.PATCH, "/listings/" + id, Api.founder(founder), changes)
                .expectStatus()
                .isOk());

    // then those change and the rest stays
    assertThat(after.get("name").asString()).isEqualTo("Renamed");
    assertThat(after.get("stage").asString()).isEqualTo("series_b");
    assertThat(after.get("raiseTarget").decimalValue()).isEqualByComparingTo("3000000");
    assertThat(after.get("team")).hasSize(2);
    assertThat(after.get("documents")).isEmpty();
    assertThat(after.get("description")).isEqualTo(before.get("description"));
    assertThat(after.get("sector")).isEqualTo(before.get("sector"));
    assertThat(api.get("/listings/" + id, Api.founder(founder)).get("name").asString())
        .isEqualTo("Renamed");
  }

  static Stream<Arguments> transitions() {
    return Stream.of(
        Arguments.of("draft+token", "publish", 200, "active", null),
        Arguments.of("active", "suspend", 200, "suspended", null),
        Arguments.of("suspended", "reactivate", 200, "active", null),
        Arguments.of("active", "close", 200, "closed", null),
        Arguments.of("suspended", "close", 200, "closed", null),
        Arguments.of(
            "draft",
            "publish",
            409,
            "draft",
            "A listing needs an issued token before it is published"),
        Arguments.of(
            "active", "publish", 409, "active", "Expected listing to be draft, but it is active."),
        Arguments.of(
            "suspended",
            "publish",
            409,
            "suspended",
            "Expected listing to be draft, but it is suspended."),
        Arguments.of(
            "closed", "publish", 409, "closed", "Expected listing to be draft, but it is closed."),
        Arguments.of(
            "draft", "suspend", 409, "draft", "Expected listing to be active, but it is draft."),
        Arguments.of(
            "suspended",
            "suspend",
            409,
            "suspended",
            "Expected listing to be active, but it is suspended."),
        Arguments.of(
            "closed", "suspend", 409, "closed", "Expected listing to be active, but it is closed."),
        Arguments.of(
            "draft",
            "reactivate",
            409,
            "draft",
            "Expected listing to be suspended, but it is draft."),
        Arguments.of(
            "active",
            "reactivate",
            409,
            "active",
            "Expected listing to be suspended, but it is active."),
        Arguments.of(
            "closed",
            "reactivate",
            409,
            "closed",
            "Expected listing to be suspended, but it is closed."),
        Arguments.of(
            "draft",
            "close",
            409,
            "draft",
            "Expected listing to be active or suspended, but it is draft."),
        Arguments.of(
            "closed",
            "close",
            409,
            "closed",
            "Expected listing to be active or suspended, but it is closed."),
        Arguments.of(
            "closed",
            "edit",
            409,
            "closed",
            "Expected listing to be draft, active or suspended, but it is closed."),
        Arguments.of("active", "token", 409, "active", "already has token"),
        Arguments.of("closed", "token", 409, "closed", "already has token"),
        Arguments.of("draft+token", "token", 409, "draft", "already has token"));
  }

  @ParameterizedTest(name = "{1} from {0} → {2}")
  @MethodSource("transitions")
  void shouldMoveThroughAllowedTransitionsAndRefuseOthersWith409(
      String from, String action, int status, String statusAfter, String reason) {
    // given a listing in the state
    String founder = Api.newFounder();
    String id;
    if (from.equals("draft+token")) {
      id = api.draft(founder);
      api.issue(founder, id);
    } else {
      id = api.inStatus(founder, from);
    }

    // when an operator asks for the transition
    var response =
        switch (action) {
          case "edit" ->
              api.call(HttpMethod.PATCH, "/listings/" + id, Api.operator(), Map.of("name", "x"));
          case "token" ->
              api.call(
                  HttpMethod.POST,
                  "/listings/" + id + "/token",
                  Api.operator(),
                  Api.tokenBody(Api.newIsin()));
          default ->
              api.call(HttpMethod.POST, "/listings/" + id + "/" + action, Api.operator(), null);
        };

    // then it moves, or a 409 problem says why not and nothing changes
    response.expectStatus().isEqualTo(status);
    if (reason != null) {
      response
          .expectHeader()
          .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
          .expectBody()
          .jsonPath("$.detail")
          .value(d -> assertThat((String) d).contains(reason));
    }
    assertThat(api.get("/listings/" + id, Api.operator()).get("status").asString())
        .isEqualTo(statusAfter);
  }

  @Test
  void shouldForbidAFounderToChangeAnotherFoundersPublicListing() {
    String id = api.active(Api.newFounder());
    String intruder = Api.newFounder();

    api.call(HttpMethod.POST, "/listings/" + id + "/close", Api.founder(intruder), null)
        .expectStatus()
        .isForbidden()
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("not-listing-owner");
    api.call(HttpMethod.PATCH, "/listings/" + id, Api.founder(intruder), Map.of("name", "Hijacked"))
        .expectStatus()
        .isForbidden();
    assertThat(api.get("/listings/" + id, Api.operator()).get("status").asString())
        .isEqualTo("active");
  }

  @Test
  void shouldAnswer404WhenAFounderTouchesAnotherFoundersDraft() {
    String id = api.draft(Api.newFounder());

    api.call(
            HttpMethod.PATCH, "/listings/" + id, Api.founder(Api.newFounder()), Map.of("name", "x"))
        .expectStatus()
        .isNotFound();
  }

  static Stream<Arguments> badListings() {
    return Stream.of(
        bad("missing name", b -> b.remove("name"), "name"),
        bad("blank name", b -> b.put("name", "   "), "name"),
        bad("oversize name", b -> b.put("name", "n".repeat(121)), "name"),
        bad("oversize description", b -> b.put("description", "d".repeat(5001)), "description"),
        bad("missing problem", b -> b.remove("problem"), "problem"),
        bad("name of the wrong type", b -> b.put("name", 42), "name"),
        bad("raiseTarget as a string", b -> b.put("raiseTarget", "1000"), "raiseTarget"),
        bad("raiseTarget as an object", b -> b.put("raiseTarget", Map.of("v", 1)), "raiseTarget"),
        bad("negative raiseTarget", b -> b.put("raiseTarget", -5), "raiseTarget"),
        bad("zero raiseTarget", b -> b.put("raiseTarget", 0), "raiseTarget"),
        bad("absurd raiseTarget", b -> b.put("raiseTarget", 1e20), "raiseTarget"),
        bad("raiseTarget below a cent", b -> b.put("raiseTarget", 10.001), "raiseTarget"),
        bad("missing raiseTarget", b -> b.remove("raiseTarget"), "raiseTarget"),
        bad("unknown sector", b -> b.put("sector", "gambling"), "sector"),
        bad("unknown stage", b -> b.put("stage", "ipo"), "stage"),
        bad("unknown country", b -> b.put("country", "ZZ"), "country"),
        bad("unknown field", b -> b.put("valuation", 5), "valuation"),
        bad(
            "relative document url",
            b -> b.put("documents", List.of(Map.of("title", "t", "url", "/deck.pdf"))),
            "documents[0].url"),
        bad(
            "ftp document url",
            b -> b.put("documents", List.of(Map.of("title", "t", "url", "ftp://x.example/deck"))),
            "documents[0].url"),
        bad(
            "document without title",
            b -> b.put("documents", List.of(Map.of("url", "https://x.example"))),
            "documents[0].title"),
        bad(
            "team member without role",
            b -> b.put("team", List.of(Map.of("name", "Ada"))),
            "team[0].role"),
        bad("team of the wrong type", b -> b.put("team", "Ada"), "team"),
        bad(
            "too many team members",
            b -> b.put("team", java.util.Collections.nCopies(51, Map.of("name", "a", "role", "b"))),
            "team"));
  }

  private static Arguments bad(String why, Consumer<Map<String, Object>> breakIt, String field) {
    return Arguments.of(why, breakIt, field);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badListings")
  void shouldRejectABadListingWith400AndStoreNothing(
      String why, Consumer<Map<String, Object>> breakIt, String field) {
    // given a founder and a body with one mistake
    String founder = Api.newFounder();
    Map<String, Object> body = Api.listingBody("Bad " + UUID.randomUUID(), "fintech", "seed", "DE");
    breakIt.accept(body);
    long outbox = outboxSize();

    // when they create it
    var response = api.call(HttpMethod.POST, "/listings", Api.founder(founder), body);

    // then a 400 problem names the field, and nothing was stored or announced
    response
        .expectStatus()
        .isBadRequest()
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo(field);
    assertThat(count("select count(*) from listing where founder_id = $1", founder)).isZero();
    assertThat(outboxSize()).isEqualTo(outbox);
  }

  @Test
  void shouldRejectMalformedJsonAndAMissingBodyWith400() {
    String founder = Api.newFounder();
    web.post()
        .uri("/listings")
        .headers(h -> h.setBearerAuth(Api.founder(founder)))
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue("{\"name\": ")
        .exchange()
        .expectStatus()
        .isBadRequest();
    web.post()
        .uri("/listings")
        .headers(h -> h.setBearerAuth(Api.founder(founder)))
        .contentType(MediaType.APPLICATION_JSON)
        .exchange()
        .expectStatus()
        .isBadRequest();
    assertThat(count("select count(*) from listing where founder_id = $1", founder)).isZero();
  }

  @Test
  void shouldRejectABadEditWith400AndChangeNothing() {
    String founder = Api.newFounder();
    String id = api.draft(founder);
    JsonNode before = api.get("/listings/" + id, Api.founder(founder));

    for (Map<String, Object> edit :
        List.of(
            Map.<String, Object>of("name", " "),
            Map.<String, Object>of("raiseTarget", -1),
            Map.<String, Object>of("sector", "nope"),
            Map.<String, Object>of("status", "active"),
            Map.<String, Object>of(
                "name",
                "ok",
                "documents",
                List.of(Map.of("title", "t", "url", "javascript:alert(1)"))))) {
      api.call(HttpMethod.PATCH, "/listings/" + id, Api.founder(founder), edit)
          .expectStatus()
          .isBadRequest();
    }

    assertThat(api.get("/listings/" + id, Api.founder(founder))).isEqualTo(before);
  }

  @Test
  void shouldAnswerTheSameCreationForTheSameIdempotencyKeyAndBody() {
    // given a founder, a key and a body
    String founder = Api.newFounder();
    String key = UUID.randomUUID().toString();
    Map<String, Object> body = Api.listingBody("Idem " + key, "edtech", "seed", "PT");

    // when the same request is sent twice
    var first = createWithKey(founder, key, body);
    var second = createWithKey(founder, key, body);

    // then both answers are the same listing, the second marked as a replay, stored once
    assertThat(second.get("id")).isEqualTo(first.get("id"));
    assertThat(second).isEqualTo(first);
    assertThat(count("select count(*) from listing where founder_id = $1", founder)).isEqualTo(1);
  }

  @Test
  void shouldAnswer409ForTheSameIdempotencyKeyWithAnotherBody() {
    String founder = Api.newFounder();
    String key = UUID.randomUUID().toString();
    createWithKey(founder, key, Api.listingBody("One", "edtech", "seed", "PT"));

    web.post()
        .uri("/listings")
        .headers(h -> h.setBearerAuth(Api.founder(founder)))
        .header("Idempotency-Key", key)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(Api.listingBody("Two", "edtech", "seed", "PT"))
        .exchange()
        .expectStatus()
        .isEqualTo(409)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("idempotency-key-reused");
    assertThat(count("select count(*) from listing where founder_id = $1", founder)).isEqualTo(1);
  }

  @Test
  void shouldScopeIdempotencyKeysToTheCaller() {
    String key = UUID.randomUUID().toString();
    Map<String, Object> body = Api.listingBody("Scoped", "edtech", "seed", "PT");

    JsonNode a = createWithKey(Api.newFounder(), key, body);
    JsonNode b = createWithKey(Api.newFounder(), key, body);

    assertThat(a.get("id")).isNotEqualTo(b.get("id"));
  }

  @Test
  void shouldReplayATokenIssuanceForTheSameIdempotencyKey() {
    String founder = Api.newFounder();
    String id = api.draft(founder);
    Map<String, Object> body = Api.tokenBody(Api.newIsin());
    String key = UUID.randomUUID().toString();

    JsonNode first =
        Api.json(
            issueWithKey(founder, id, key, body)
                .expectStatus()
                .isCreated()
                .expectHeader()
                .valueEquals("Idempotent-Replayed", "false"));
    JsonNode replay =
        Api.json(
            issueWithKey(founder, id, key, body)
                .expectStatus()
                .isCreated()
                .expectHeader()
                .valueEquals("Idempotent-Replayed", "true"));

    assertThat(replay).isEqualTo(first);
    assertThat(first.get("tokenId").asString())
        .isEqualTo(Api.text(api.get("/listings/" + id, Api.founder(founder)), "tokenId"));
    assertThat(count("select count(*) from token where listing_id = $1", id)).isEqualTo(1);
  }

  @Test
  void shouldRejectAnInvalidIdempotencyKey() {
    web.post()
        .uri("/listings")
        .headers(h -> h.setBearerAuth(Api.founder(Api.newFounder())))
        .header("Idempotency-Key", "x".repeat(256))
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(Api.listingBody("K", "edtech", "seed", "PT"))
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("Idempotency-Key");
  }

  private JsonNode createWithKey(String founder, String key, Map<String, Object> body) {
    return Api.json(
        web.post()
            .uri("/listings")
            .headers(h -> h.setBearerAuth(Api.founder(founder)))
            .header("Idempotency-Key", key)
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue(body)
            .exchange()
            .expectStatus()
            .isCreated());
  }

  private org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec issueWithKey(
      String founder, String listingId, String key, Map<String, Object> body) {
    return web.post()
        .uri("/listings/" + listingId + "/token")
        .headers(h -> h.setBearerAuth(Api.founder(founder)))
        .header("Idempotency-Key", key)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange();
  }
}
