package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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

/** Scheduling, reading, filtering and cancelling windows through the real API. */
class WindowApiIT extends TradingIntegrationTest {

  @Test
  void shouldScheduleAWindowAndShowItWithTheSpecFields() {
    // given a closing-auction window for one token, tomorrow
    String token = "tok-" + UUID.randomUUID();
    Instant opens =
        clock.instant().plus(Duration.ofDays(1)).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    Map<String, Object> body =
        Api.window(
            List.of(token), "continuous_with_closing_auction", opens, opens.plusSeconds(3600));
    body.put("callPhaseStarts", opens.plusSeconds(3000).toString());
    body.put("priceBand", 10);

    // when an operator schedules it
    JsonNode created =
        Api.json(
            api.call(HttpMethod.POST, "/liquidity/windows", Api.operator(), body)
                .expectStatus()
                .isCreated());

    // then it is scheduled with exactly what was asked, and the event is in the outbox
    assertThat(created.get("status").asString()).isEqualTo("scheduled");
    assertThat(Instant.parse(created.get("opens").asString())).isEqualTo(opens);
    assertThat(Instant.parse(created.get("closes").asString())).isEqualTo(opens.plusSeconds(3600));
    assertThat(created.get("tokenIds").get(0).asString()).isEqualTo(token);
    assertThat(created.get("mechanism").asString()).isEqualTo("continuous_with_closing_auction");
    assertThat(created.get("priceBand").decimalValue()).isEqualByComparingTo("10");
    String id = created.get("id").asString();
    JsonNode one = api.get("/liquidity/windows/" + id, Api.investor("inv-x"));
    assertThat(one.get("callPhaseStarts").asString()).isEqualTo(opens.plusSeconds(3000).toString());
    assertThat(
            count(
                "select count(*) from outbox_event where event_key = $1 and event_type = $2",
                id,
                "equitoken.trading.window.scheduled.v1"))
        .isEqualTo(1);
  }

  @Test
  void shouldFilterByTokenStatusAndTimeAndPageWithLink() {
    // given three windows of one token on consecutive days, the middle one cancelled
    String token = "tok-" + UUID.randomUUID();
    Instant base = clock.instant().plus(Duration.ofDays(30));
    List<String> ids = new ArrayList<>();
    for (int day = 0; day < 3; day++) {
      Instant opens = base.plus(Duration.ofDays(day));
      ids.add(
          api.schedule(Api.window(List.of(token), "continuous", opens, opens.plusSeconds(3600))));
    }
    api.call(HttpMethod.POST, "/liquidity/windows/" + ids.get(1) + "/cancel", Api.operator(), null)
        .expectStatus()
        .isOk();

    // when listing the token's windows two at a time
    var first =
        api.call(
                HttpMethod.GET,
                "/liquidity/windows?tokenId=" + token + "&limit=2&from=" + base,
                Api.investor("inv-y"),
                null)
            .expectStatus()
            .isOk();
    String link = first.returnResult(String.class).getResponseHeaders().getFirst("Link");
    JsonNode page1 =
        Api.json(
            api.call(
                HttpMethod.GET,
                "/liquidity/windows?tokenId=" + token + "&limit=2&from=" + base,
                Api.investor("inv-y"),
                null));

    // then the first page holds two, in order of opening, and Link leads to the third
    assertThat(ids(page1)).containsExactly(ids.get(0), ids.get(1));
    assertThat(link).contains("rel=\"next\"");
    String next = link.substring(link.indexOf('<') + 1, link.indexOf('>'));
    JsonNode page2 = api.get(next, Api.investor("inv-y"));
    assertThat(ids(page2)).containsExactly(ids.get(2));

    // and the status filter keeps only the cancelled one, to keeps only the first
    assertThat(
            ids(
                api.get(
                    "/liquidity/windows?tokenId=" + token + "&status=cancelled",
                    Api.investor("inv-y"))))
        .containsExactly(ids.get(1));
    assertThat(
            ids(
                api.get(
                    "/liquidity/windows?tokenId=" + token + "&to=" + base.plus(Duration.ofHours(2)),
                    Api.investor("inv-y"))))
        .containsExactly(ids.get(0));
  }

  @Test
  void shouldRefuseAWindowOverlappingAnotherOnTheSameToken() {
    String token = "tok-" + UUID.randomUUID();
    Instant opens = clock.instant().plus(Duration.ofDays(2));
    api.schedule(Api.window(List.of(token), "continuous", opens, opens.plusSeconds(3600)));
    long before = count("select count(*) from liquidity_window");

    api.call(
            HttpMethod.POST,
            "/liquidity/windows",
            Api.operator(),
            Api.window(
                List.of("other-" + UUID.randomUUID(), token),
                "call_auction",
                opens.plusSeconds(1800),
                opens.plusSeconds(7200)))
        .expectStatus()
        .isEqualTo(409)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("window-overlap")
        .jsonPath("$.field")
        .isEqualTo("tokenIds");

    assertThat(count("select count(*) from liquidity_window")).isEqualTo(before);
  }

  static Stream<Arguments> badWindows() {
    return Stream.of(
        bad("opens", b -> b.put("opens", "2000-01-01T00:00:00Z")),
        bad("closes", b -> b.put("closes", b.get("opens"))),
        bad(
            "closes",
            b ->
                b.put(
                    "closes",
                    Instant.parse((String) b.get("opens")).plus(Duration.ofDays(40)).toString())),
        bad(
            "closes",
            b ->
                b.put("closes", Instant.parse((String) b.get("opens")).plusSeconds(10).toString())),
        bad("callPhaseStarts", b -> b.put("callPhaseStarts", b.get("opens"))),
        bad(
            "callPhaseStarts",
            b -> {
              b.put("mechanism", "continuous_with_closing_auction");
              b.put("callPhaseStarts", b.get("closes"));
            }),
        bad("callPhaseStarts", b -> b.put("mechanism", "continuous_with_closing_auction")),
        bad("mechanism", b -> b.put("mechanism", "dutch")),
        bad("mechanism", b -> b.remove("mechanism")),
        bad("opens", b -> b.put("opens", "tomorrow")),
        bad("opens", b -> b.remove("opens")),
        bad("priceBand", b -> b.put("priceBand", 0)),
        bad("priceBand", b -> b.put("priceBand", 150)),
        bad("priceBand", b -> b.put("priceBand", "ten")),
        bad("tokenIds[1]", b -> b.put("tokenIds", List.of("a-" + UUID.randomUUID(), ""))),
        bad("tokenIds", b -> b.put("tokenIds", "abc")),
        bad("extra", b -> b.put("extra", true)));
  }

  private static Arguments bad(String field, Consumer<Map<String, Object>> change) {
    return Arguments.of(field, change);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("badWindows")
  void shouldRefuseBadWindowsNamingTheFieldAndStoreNothing(
      String field, Consumer<Map<String, Object>> change) {
    // given an otherwise valid request with one thing wrong
    Instant opens = clock.instant().plus(Duration.ofDays(3));
    Map<String, Object> body =
        new LinkedHashMap<>(
            Api.window(
                List.of("tok-" + UUID.randomUUID()), "continuous", opens, opens.plusSeconds(3600)));
    change.accept(body);
    long before = count("select count(*) from liquidity_window");

    // when scheduled, then a 4xx problem names the field, and nothing is stored
    var response = api.call(HttpMethod.POST, "/liquidity/windows", Api.operator(), body);
    JsonNode problem =
        Api.json(
            response
                .expectStatus()
                .is4xxClientError()
                .expectHeader()
                .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
    assertThat(problem.toString()).contains(field);
    assertThat(count("select count(*) from liquidity_window")).isEqualTo(before);
  }

  @Test
  void shouldScheduleOnceForOneIdempotencyKeyAndRefuseItsReuseForAnotherWindow() {
    String token = "tok-" + UUID.randomUUID();
    Instant opens = clock.instant().plus(Duration.ofMinutes(5));
    Map<String, Object> body =
        Api.window(List.of(token), "continuous", opens, opens.plusSeconds(60));
    String key = UUID.randomUUID().toString();

    JsonNode first = Api.json(scheduleWithKey(key, body).expectStatus().isCreated());
    JsonNode again = Api.json(scheduleWithKey(key, body).expectStatus().isCreated());

    assertThat(again.get("id")).isEqualTo(first.get("id"));
    assertThat(count("select count(*) from liquidity_window where $1 = any(token_ids)", token))
        .isEqualTo(1);
    Map<String, Object> other =
        Api.window(List.of(token), "continuous", opens, opens.plusSeconds(120));
    scheduleWithKey(key, other)
        .expectStatus()
        .isEqualTo(409)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("idempotency-key-reused");
    assertThat(count("select count(*) from liquidity_window where $1 = any(token_ids)", token))
        .isEqualTo(1);
  }

  private org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec scheduleWithKey(
      String key, Map<String, Object> body) {
    return web.post()
        .uri("/liquidity/windows")
        .headers(h -> h.setBearerAuth(Api.operator()))
        .header("Idempotency-Key", key)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange();
  }

  @Test
  void shouldCancelOnlyWhileScheduled() {
    String token = "tok-" + UUID.randomUUID();
    Instant opens = clock.instant().plus(Duration.ofMinutes(5));
    String id =
        api.schedule(Api.window(List.of(token), "continuous", opens, opens.plusSeconds(3600)));

    JsonNode cancelled =
        Api.json(
            api.call(
                    HttpMethod.POST,
                    "/liquidity/windows/" + id + "/cancel",
                    Api.operator(),
                    Map.of("reason", "Holiday"))
                .expectStatus()
                .isOk());
    assertThat(cancelled.get("status").asString()).isEqualTo("cancelled");

    api.call(HttpMethod.POST, "/liquidity/windows/" + id + "/cancel", Api.operator(), null)
        .expectStatus()
        .isEqualTo(409)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("window-not-cancellable");
    assertThat(
            count(
                "select count(*) from outbox_event where event_key = $1 and event_type = $2",
                id,
                "equitoken.trading.window.cancelled.v1"))
        .isEqualTo(1);
  }

  @Test
  void shouldAnswer404ForUnknownWindows() {
    api.call(HttpMethod.GET, "/liquidity/windows/" + UUID.randomUUID(), Api.investor("inv-z"), null)
        .expectStatus()
        .isNotFound();
    api.call(HttpMethod.GET, "/liquidity/windows/not-a-uuid", Api.investor("inv-z"), null)
        .expectStatus()
        .isNotFound();
    api.call(
            HttpMethod.POST,
            "/liquidity/windows/" + UUID.randomUUID() + "/cancel",
            Api.operator(),
            null)
        .expectStatus()
        .isNotFound();
  }

  @Test
  void shouldRefuseBadQueryParameters() {
    for (String query :
        List.of(
            "status=open-ish", "from=yesterday", "to=x", "limit=0", "limit=1000", "cursor=%%")) {
      api.call(HttpMethod.GET, "/liquidity/windows?" + query, Api.investor("inv-q"), null)
          .expectStatus()
          .isBadRequest();
    }
  }

  private static List<String> ids(JsonNode array) {
    List<String> ids = new ArrayList<>();
    array.forEach(w -> ids.add(w.get("id").asString()));
    return ids;
  }
}
