package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Order intake, gates, object-level access, cancel, and the projection of the matcher's results,
 * against the real database and broker (the matcher's events are sent as it would send them).
 */
class OrdersIT extends TradingIntegrationTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private String issuer;
  private String token;
  private String windowId;
  private String investor;

  @BeforeEach
  void market() {
    issuer = "founder-" + UUID.randomUUID();
    token = fixtures.tradableToken(issuer);
    windowId = fixtures.openWindow(token);
    investor = fixtures.approvedInvestor();
  }

  @Test
  void shouldAcceptAnOrderAndSendItsCommandInTheSameTransaction() {
    // when an investor with approved KYC buys in the open window
    JsonNode answer =
        Api.json(
            api.call(
                    HttpMethod.POST,
                    "/trade",
                    Api.investor(investor),
                    Api.order(token, "buy", 100, 2.5))
                .expectStatus()
                .isAccepted());

    // then it is pending, echoes the order, and its order.place command is in the outbox
    String tradeId = answer.get("tradeId").asString();
    assertThat(answer.get("status").asString()).isEqualTo("pending");
    assertThat(answer.get("windowId").asString()).isEqualTo(windowId);
    assertThat(answer.get("order").get("tokenId").asString()).isEqualTo(token);
    assertThat(answer.get("order").get("type").asString()).isEqualTo("buy");
    assertThat(answer.get("order").get("quantity").decimalValue()).isEqualByComparingTo("100");
    assertThat(answer.get("order").get("maxPrice").decimalValue()).isEqualByComparingTo("2.5");
    JsonNode command = command(tradeId);
    assertThat(command.get("ownerId").asString()).isEqualTo(investor);
    assertThat(command.get("side").asString()).isEqualTo("buy");
    assertThat(command.get("limitPrice").decimalValue()).isEqualByComparingTo("2.5");
    assertThat(command.get("windowId").asString()).isEqualTo(windowId);

    JsonNode status = api.get("/trade/status/" + tradeId, Api.investor(investor));
    assertThat(status.get("status").asString()).isEqualTo("pending");
    assertThat(status.get("remainingQuantity").decimalValue()).isEqualByComparingTo("100");
    assertThat(status.get("filledQuantity").decimalValue()).isEqualByComparingTo("0");
    assertThat(status.get("fills")).isEmpty();
  }

  @Test
  void shouldCapTheOpenOrdersOfOnePrincipalPerTokenAndStoreNothingBeyond() {
    // given 50 open orders of the investor on the token (the default cap)
    for (int i = 0; i < 50; i++) {
      api.place(Api.investor(investor), Api.order(token, "buy", 1, 2.5));
    }
    long stored = count("select count(*) from trade_order where owner_id = $1", investor);

    // when it places the 51st
    JsonNode problem =
        Api.json(
            api.call(
                    HttpMethod.POST,
                    "/trade",
                    Api.investor(investor),
                    Api.order(token, "buy", 1, 2.5))
                .expectStatus()
                .isEqualTo(409));

    // then it is refused with the cap, and nothing is stored or reserved
    assertThat(problem.get("code").asString()).isEqualTo("too-many-open-orders");
    assertThat(problem.get("limit").asInt()).isEqualTo(50);
    assertThat(count("select count(*) from trade_order where owner_id = $1", investor))
        .isEqualTo(stored);
    assertThat(count("select count(*) from cash_reservation where owner_id = $1", investor))
        .isEqualTo(stored);
    // and another principal is not limited by it
    api.place(Api.investor(fixtures.approvedInvestor()), Api.order(token, "buy", 1, 2.5));
  }

  @Test
  void shouldHoldTheOpenOrderCapExactlyUnderConcurrentOrders() throws Exception {
    // given 45 open orders of the investor on the token (the cap is 50)
    for (int i = 0; i < 45; i++) {
      api.place(Api.investor(investor), Api.order(token, "buy", 1, 2.5));
    }

    // when 20 more arrive at once
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(20);
    java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
    List<java.util.concurrent.Future<Integer>> answers = new java.util.ArrayList<>();
    try {
      for (int i = 0; i < 20; i++) {
        answers.add(
            pool.submit(
                () -> {
                  start.await();
                  return api.call(
                          HttpMethod.POST,
                          "/trade",
                          Api.investor(investor),
                          Api.order(token, "buy", 1, 2.5))
                      .returnResult(String.class)
                      .getStatus()
                      .value();
                }));
      }
      start.countDown();
      List<Integer> statuses = new java.util.ArrayList<>();
      for (var answer : answers) {
        statuses.add(answer.get(60, java.util.concurrent.TimeUnit.SECONDS));
      }

      // then exactly five are accepted and the others refused: never more than 50 open
      assertThat(statuses).filteredOn(s -> s == 202).hasSize(5);
      assertThat(statuses).filteredOn(s -> s == 409).hasSize(15);
    } finally {
      pool.shutdownNow();
    }
    assertThat(count("select count(*) from trade_order where owner_id = $1", investor))
        .isEqualTo(50);
    assertThat(count("select count(*) from cash_reservation where owner_id = $1", investor))
        .isEqualTo(50);
  }

  @Test
  void shouldRefuseALimitFarFromTheReferencePriceBeforeItReachesTheBook() {
    // the token's issue price is 2.50 and nothing traded: limits from 0.25 to 25.00 are accepted
    long before = count("select count(*) from trade_order where owner_id = $1", investor);
    for (double price : new double[] {0.24, 25.01, 1000}) {
      JsonNode problem =
          Api.json(
              api.call(
                      HttpMethod.POST,
                      "/trade",
                      Api.investor(investor),
                      Api.order(token, "buy", 1, price))
                  .expectStatus()
                  .isEqualTo(422));
      assertThat(problem.get("code").asString()).isEqualTo("price-outside-reference-band");
      assertThat(problem.get("field").asString()).isEqualTo("maxPrice");
      assertThat(problem.get("referencePrice").decimalValue()).isEqualByComparingTo("2.5");
    }
    assertThat(count("select count(*) from trade_order where owner_id = $1", investor))
        .isEqualTo(before);
    api.place(Api.investor(investor), Api.order(token, "buy", 1, 0.25));
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 1, 25));
  }

  @Test
  void shouldProjectTheMatchersResultsOnceEach() {
    String tradeId = api.place(Api.investor(investor), Api.order(token, "buy", 100, 2.5));

    // when the matcher accepts it, fills 40 then 60 (the first fill delivered twice)
    matcher("order.accepted", Map.of("orderId", tradeId, "acceptedAt", now()));
    String fillEvent = UUID.randomUUID().toString();
    Map<String, Object> fill1 =
        fill(tradeId, "t-1", "2.40", 40, 40, 60, "2.40", "partially_filled");
    fixtures.send(
        "trading.events.v1", token, fillEvent, "equitoken.trading.order.filled.v1", fill1);
    fixtures.send(
        "trading.events.v1", token, fillEvent, "equitoken.trading.order.filled.v1", fill1);
    fixtures.awaitRows("select count(*) from order_fill where order_id = '" + tradeId + "'", 1);
    assertThat(api.get("/trade/status/" + tradeId, Api.investor(investor)).get("status").asString())
        .isEqualTo("partially_filled");
    matcher("order.filled", fill(tradeId, "t-2", "2.50", 60, 100, 0, "2.46", "filled"));
    fixtures.awaitRows(
        "select count(*) from trade_order where id = '" + tradeId + "' and status = 'filled'", 1);

    // then the status shows both fills, the totals and the average price
    JsonNode status = api.get("/trade/status/" + tradeId, Api.investor(investor));
    assertThat(status.get("filledQuantity").decimalValue()).isEqualByComparingTo("100");
    assertThat(status.get("remainingQuantity").decimalValue()).isEqualByComparingTo("0");
    assertThat(status.get("averagePrice").decimalValue()).isEqualByComparingTo("2.46");
    assertThat(status.get("fills")).hasSize(2);
    assertThat(status.get("fills").get(0).get("price").decimalValue()).isEqualByComparingTo("2.40");
    // tradeId names the order (the specification's name), orderId says so unambiguously; a fill's
    // tradeId is its execution's, which executionId repeats
    assertThat(status.get("orderId").asString()).isEqualTo(tradeId);
    JsonNode fill = status.get("fills").get(0);
    assertThat(fill.get("executionId").asString())
        .isEqualTo(fill.get("tradeId").asString())
        .isNotEqualTo(tradeId);

    // and a final order cannot be cancelled any more
    api.call(HttpMethod.DELETE, "/trade/" + tradeId, Api.investor(investor), null)
        .expectStatus()
        .isEqualTo(409)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("order-final")
        .jsonPath("$.orderStatus")
        .isEqualTo("filled");
  }

  @Test
  void shouldShowARejectionWithItsReason() {
    String tradeId = api.place(Api.investor(investor), Api.order(token, "sell", 5, 3));
    matcher(
        "order.rejected",
        Map.of(
            "orderId",
            tradeId,
            "reason",
            Map.of("code", "position.insufficient_available", "detail", "Holds 0"),
            "rejectedAt",
            now()));
    fixtures.awaitRows(
        "select count(*) from trade_order where id = '" + tradeId + "' and status = 'rejected'", 1);
    JsonNode status = api.get("/trade/status/" + tradeId, Api.operator());
    assertThat(status.get("reason").get("code").asString())
        .isEqualTo("position.insufficient_available");
  }

  @Test
  void shouldCancelWhileCancellableThroughTheMatcher() {
    String tradeId = api.place(Api.investor(investor), Api.order(token, "buy", 10, 2));

    JsonNode answer =
        Api.json(
            api.call(HttpMethod.DELETE, "/trade/" + tradeId, Api.investor(investor), null)
                .expectStatus()
                .isAccepted());
    assertThat(answer.get("tradeId").asString()).isEqualTo(tradeId);
    assertThat(
            count(
                "select count(*) from outbox_event where event_type = $1 and payload::jsonb->>'orderId' = $2",
                "equitoken.trading.command.order.cancel.v1",
                tradeId))
        .isEqualTo(1);

    matcher(
        "order.cancelled",
        Map.of(
            "orderId",
            tradeId,
            "filledQuantity",
            0,
            "remainingQuantity",
            10,
            "reason",
            "requested",
            "cancelledAt",
            now()));
    fixtures.awaitRows(
        "select count(*) from trade_order where id = '" + tradeId + "' and status = 'cancelled'",
        1);
  }

  @Test
  void shouldHideAnotherInvestorsOrderAndShowItToOperators() {
    String tradeId = api.place(Api.investor(investor), Api.order(token, "buy", 10, 2));
    String other = fixtures.approvedInvestor();
    long commands = count("select count(*) from outbox_event");

    api.call(HttpMethod.GET, "/trade/status/" + tradeId, Api.investor(other), null)
        .expectStatus()
        .isNotFound();
    api.call(HttpMethod.DELETE, "/trade/" + tradeId, Api.investor(other), null)
        .expectStatus()
        .isNotFound();
    assertThat(api.get("/trade?tokenId=" + token, Api.investor(other))).isEmpty();
    assertThat(count("select count(*) from outbox_event")).isEqualTo(commands);

    assertThat(api.get("/trade/status/" + tradeId, Api.operator()).get("status").asString())
        .isEqualTo("pending");
  }

  @Test
  void shouldListOnlyTheCallersOrdersNewestFirstWithLink() {
    String first = api.place(Api.investor(investor), Api.order(token, "buy", 1, 2));
    clock.advance(Duration.ofMillis(5));
    String second = api.place(Api.investor(investor), Api.order(token, "buy", 2, 2));
    clock.advance(Duration.ofMillis(5));
    String third = api.place(Api.investor(investor), Api.order(token, "buy", 3, 2));

    var response =
        api.call(HttpMethod.GET, "/trade?limit=2&status=pending", Api.investor(investor), null)
            .expectStatus()
            .isOk();
    var result = response.expectBody().returnResult();
    JsonNode page = JSON.readTree(result.getResponseBodyContent());
    assertThat(page).hasSize(2);
    assertThat(page.get(0).get("tradeId").asString()).isEqualTo(third);
    assertThat(page.get(1).get("tradeId").asString()).isEqualTo(second);
    String link = result.getResponseHeaders().getFirst("Link");
    String next = link.substring(link.indexOf('<') + 1, link.indexOf('>'));
    JsonNode rest = api.get(next, Api.investor(investor));
    assertThat(rest).hasSize(1);
    assertThat(rest.get(0).get("tradeId").asString()).isEqualTo(first);
    assertThat(api.get("/trade?status=filled", Api.investor(investor))).isEmpty();
  }

  @Test
  void shouldListEachOrderWithItsFillsAsItsStatusShowsThem() {
    // given three orders: the oldest without fills, one filled twice, the newest filled once
    String none = api.place(Api.investor(investor), Api.order(token, "buy", 10, 2));
    clock.advance(Duration.ofMillis(5));
    String twice = api.place(Api.investor(investor), Api.order(token, "buy", 100, 2.5));
    clock.advance(Duration.ofMillis(5));
    String once = api.place(Api.investor(investor), Api.order(token, "buy", 20, 3));
    for (String id : List.of(none, twice, once)) {
      matcher("order.accepted", Map.of("orderId", id, "acceptedAt", now()));
    }
    matcher("order.filled", fill(twice, "t-1", "2.40", 40, 40, 60, "2.40", "partially_filled"));
    matcher("order.filled", fill(twice, "t-2", "2.50", 60, 100, 0, "2.46", "filled"));
    matcher("order.filled", fill(once, "t-3", "2.90", 20, 20, 0, "2.90", "filled"));
    fixtures.awaitRows(
        "select count(*) from order_fill where order_id in ('" + twice + "', '" + once + "')", 3);

    // when the investor lists them two at a time
    var first =
        api.call(HttpMethod.GET, "/trade?limit=2", Api.investor(investor), null)
            .expectStatus()
            .isOk()
            .expectBody()
            .returnResult();
    JsonNode page = JSON.readTree(first.getResponseBodyContent());
    String link = first.getResponseHeaders().getFirst("Link");
    JsonNode rest =
        api.get(link.substring(link.indexOf('<') + 1, link.indexOf('>')), Api.investor(investor));

    // then the page holds two orders (fills do not count against the limit), each with the fills
    // and totals GET /trade/status shows for it
    assertThat(page).hasSize(2);
    assertThat(page.get(0).get("tradeId").asString()).isEqualTo(once);
    assertThat(page.get(1).get("tradeId").asString()).isEqualTo(twice);
    assertThat(page.get(1).get("fills")).hasSize(2);
    assertThat(page.get(1).get("fills").get(0).get("price").decimalValue())
        .isEqualByComparingTo("2.40");
    assertThat(page.get(1).get("fills").get(1).get("quantity").decimalValue())
        .isEqualByComparingTo("60");
    assertThat(rest).hasSize(1);
    assertThat(rest.get(0).get("tradeId").asString()).isEqualTo(none);
    assertThat(rest.get(0).get("fills")).isEmpty();
    for (JsonNode listed : List.of(page.get(0), page.get(1), rest.get(0))) {
      assertThat(listed)
          .isEqualTo(
              api.get("/trade/status/" + listed.get("tradeId").asString(), Api.investor(investor)));
    }
  }

  @Test
  void shouldReplayTheFirstAnswerForTheSameIdempotencyKey() {
    String key = UUID.randomUUID().toString();
    Map<String, Object> body = Api.order(token, "buy", 7, 2);
    String first =
        idempotent(key, body)
            .expectStatus()
            .isAccepted()
            .expectBody(String.class)
            .returnResult()
            .getResponseBody();
    String again =
        idempotent(key, body)
            .expectStatus()
            .isAccepted()
            .expectBody(String.class)
            .returnResult()
            .getResponseBody();
    assertThat(JSON.readTree(again).get("tradeId")).isEqualTo(JSON.readTree(first).get("tradeId"));
    assertThat(count("select count(*) from trade_order where owner_id = $1", investor))
        .isEqualTo(1);

    idempotent(key, Api.order(token, "buy", 8, 2))
        .expectStatus()
        .isEqualTo(409)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("idempotency-key-reused");
    assertThat(count("select count(*) from trade_order where owner_id = $1", investor))
        .isEqualTo(1);
  }

  private org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec idempotent(
      String key, Map<String, Object> body) {
    return web.post()
        .uri("/trade")
        .headers(h -> h.setBearerAuth(Api.investor(investor)))
        .header("Idempotency-Key", key)
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body)
        .exchange();
  }

  // ---- gates

  @Test
  void shouldRefuseWithoutKyc() {
    gate(
        Api.investor("inv-" + UUID.randomUUID()),
        Api.order(token, "buy", 1, 2),
        "gate-kyc-required");
  }

  @Test
  void shouldRefuseWhileKycIsPendingOrAfterItExpired() {
    String pending = fixtures.investor("pending", null);
    gate(Api.investor(pending), Api.order(token, "buy", 1, 2), "gate-kyc-pending");
    String expired = fixtures.investor("approved", clock.instant().minus(Duration.ofDays(1)));
    gate(Api.investor(expired), Api.order(token, "buy", 1, 2), "gate-kyc-expired");
    String rejected = fixtures.investor("rejected", null);
    gate(Api.investor(rejected), Api.order(token, "buy", 1, 2), "gate-kyc-rejected");
  }

  @Test
  void shouldRefuseAnUnknownOrSuspendedToken() {
    gate(
        Api.investor(investor), Api.order("no-such-token", "buy", 1, 2), "gate-token-not-tradable");
  }

  @Test
  void shouldRefuseWhenNoWindowIsOpenForTheToken() {
    String closed = fixtures.tradableToken("founder-" + UUID.randomUUID());
    gate(Api.investor(investor), Api.order(closed, "buy", 1, 2), "gate-window-closed");
  }

  @Test
  void shouldLetTheIssuerSellWithoutKycButNotBuy() {
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 1000, 2.5));
    gate(Api.token(issuer, "founder"), Api.order(token, "buy", 1, 2.5), "gate-founders-sell-only");
  }

  private void gate(String jwt, Map<String, Object> body, String code) {
    long orders = count("select count(*) from trade_order");
    api.call(HttpMethod.POST, "/trade", jwt, body)
        .expectStatus()
        .isForbidden()
        .expectHeader()
        .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo(code)
        .jsonPath("$.nextStep")
        .isNotEmpty();
    assertThat(count("select count(*) from trade_order")).isEqualTo(orders);
  }

  // ---- bad input

  static Stream<Arguments> badOrders() {
    return Stream.of(
        bad("quantity", b -> b.put("quantity", 0)),
        bad("quantity", b -> b.put("quantity", -5)),
        bad("quantity", b -> b.put("quantity", 1.5)),
        bad("quantity", b -> b.put("quantity", "10")),
        bad("quantity", b -> b.put("quantity", 1e12)),
        bad("quantity", b -> b.put("quantity", 2000000)),
        bad("quantity", b -> b.remove("quantity")),
        bad("maxPrice", b -> b.put("maxPrice", 0)),
        bad("maxPrice", b -> b.put("maxPrice", -1)),
        bad("maxPrice", b -> b.put("maxPrice", 2.345)),
        bad("maxPrice", b -> b.put("maxPrice", 1e9)),
        bad("maxPrice", b -> b.put("maxPrice", "abc")),
        bad("maxPrice", b -> b.put("maxPrice", null)),
        bad("type", b -> b.put("type", "hold")),
        bad("type", b -> b.remove("type")),
        bad("tokenId", b -> b.put("tokenId", "")),
        bad("tokenId", b -> b.put("tokenId", 42)),
        bad("tokenId", b -> b.remove("tokenId")),
        bad("limit", b -> b.put("limit", 1)));
  }

  private static Arguments bad(String field, Consumer<Map<String, Object>> change) {
    return Arguments.of(field, change);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("badOrders")
  void shouldRefuseBadOrdersNamingTheFieldAndStoreNothing(
      String field, Consumer<Map<String, Object>> change) {
    Map<String, Object> body = new LinkedHashMap<>(Api.order(token, "buy", 10, 2.5));
    change.accept(body);
    long orders = count("select count(*) from trade_order");
    long outbox = count("select count(*) from outbox_event");

    JsonNode problem =
        Api.json(
            api.call(HttpMethod.POST, "/trade", Api.investor(investor), body)
                .expectStatus()
                .is4xxClientError()
                .expectHeader()
                .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));

    assertThat(problem.toString()).contains(field);
    assertThat(count("select count(*) from trade_order")).isEqualTo(orders);
    assertThat(count("select count(*) from outbox_event")).isEqualTo(outbox);
  }

  @Test
  void shouldRefuseBadQueryAndPathParameters() {
    for (String query : List.of("status=done", "limit=0", "cursor=!!", "tokenId=")) {
      api.call(HttpMethod.GET, "/trade?" + query, Api.investor(investor), null)
          .expectStatus()
          .isBadRequest();
    }
    api.call(HttpMethod.GET, "/trade/status/not-a-uuid", Api.investor(investor), null)
        .expectStatus()
        .isNotFound();
    api.call(HttpMethod.DELETE, "/trade/" + UUID.randomUUID(), Api.investor(investor), null)
        .expectStatus()
        .isNotFound();
  }

  private JsonNode command(String orderId) {
    String payload =
        db.sql(
                "select payload from outbox_event where event_type ="
                    + " 'equitoken.trading.command.order.place.v1' and payload::jsonb->>'orderId' = $1")
            .bind(0, orderId)
            .map(row -> row.get(0, String.class))
            .one()
            .block(Duration.ofSeconds(10));
    return JSON.readTree(payload);
  }

  private void matcher(String name, Map<String, Object> data) {
    fixtures.send("trading.events.v1", token, "equitoken.trading." + name + ".v1", data);
  }

  private Map<String, Object> fill(
      String orderId,
      String tradeId,
      String price,
      int quantity,
      int filled,
      int remaining,
      String average,
      String status) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("orderId", orderId);
    d.put("tradeId", tradeId + "-" + orderId);
    d.put("price", new java.math.BigDecimal(price));
    d.put("quantity", quantity);
    d.put("filledQuantity", filled);
    d.put("remainingQuantity", remaining);
    d.put("averagePrice", new java.math.BigDecimal(average));
    d.put("status", status);
    d.put("executedAt", now());
    return d;
  }

  private String now() {
    return clock.instant().toString();
  }
}
