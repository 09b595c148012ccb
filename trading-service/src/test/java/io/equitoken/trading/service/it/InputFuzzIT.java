package io.equitoken.trading.service.it;

import static io.equitoken.platform.test.FuzzInputs.json;

import io.equitoken.platform.test.FuzzInputs;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Every body member, query parameter, path id and the {@code Idempotency-Key} of the trading and
 * cash API fuzzed with platform-test's {@link FuzzInputs} (all of Unicode, controls and lone
 * surrogates included, plus known troublemakers), one input at a time in an otherwise valid request
 * so that each is reached: never a 5xx; a 4xx is problem+json and stores nothing (orders, windows,
 * transfers, cash lines, deposits, withdrawals, idempotency records and outbox rows are counted
 * around each call).
 */
class InputFuzzIT extends TradingIntegrationTest {

  private static final int TRIES = 25;

  /** Numbers at the edges, sent as JSON numbers in the numeric members. */
  private static final List<String> NUMBERS =
      List.of(
          "0",
          "-1",
          "1e999999999",
          "-1e999999999",
          "1e-999999999",
          "123456789012345678901234567890123456789.5",
          "0.00000000000000000000000000000000000001",
          "1E+2147483647",
          "1e99",
          "9".repeat(100));

  private String issuer;
  private String token;
  private String investor;
  private String scheduled;

  @BeforeEach
  void market() {
    issuer = "founder-" + UUID.randomUUID();
    token = fixtures.tradableToken(issuer);
    fixtures.openWindow(token);
    investor = fixtures.approvedInvestor();
    Instant opens = clock.instant().plus(Duration.ofDays(2));
    scheduled =
        api.schedule(
            Api.window(List.of(token), "continuous", opens, opens.plus(Duration.ofHours(2))));
  }

  @Test
  void shouldNeverAnswer5xxNorStoreAnythingForFuzzedInput() {
    for (String value :
        FuzzInputs.sample(TRIES, "buy", "continuous", "open", "1", "2026-12-01T00:00:00Z")) {
      String quoted = json(value);
      for (String field : List.of("tokenId", "type", "quantity", "maxPrice")) {
        check("POST /trade " + field, value, post("/trade", investorToken(), order(field, quoted)));
      }
      check(
          "POST /trade Idempotency-Key",
          value,
          post("/trade", investorToken(), order("type", "\"buy\""))
              .header("Idempotency-Key", FuzzInputs.headerValue(value)));
      for (String field :
          List.of("tokenIds", "mechanism", "opens", "closes", "callPhaseStarts", "priceBand")) {
        String member = field.equals("tokenIds") ? "[" + quoted + "]" : quoted;
        check(
            "POST /liquidity/windows " + field,
            value,
            post("/liquidity/windows", Api.operator(), window(field, member)));
      }
      check(
          "POST /liquidity/windows Idempotency-Key",
          value,
          post("/liquidity/windows", Api.operator(), window("mechanism", "\"continuous\""))
              .header("Idempotency-Key", FuzzInputs.headerValue(value)));
      check(
          "POST /liquidity/windows/{id}/cancel reason",
          value,
          post(
              "/liquidity/windows/" + scheduled + "/cancel",
              Api.operator(),
              "{\"reason\":" + quoted + "}"));
      for (String field : List.of("from", "to", "quantity", "reason")) {
        check(
            "POST /tokens/{tokenId}/transfers " + field,
            value,
            post("/tokens/" + token + "/transfers", Api.operator(), transfer(field, quoted)));
      }
      for (String field : List.of("tokenId", "type", "quantity", "maxPrice")) {
        check(
            "POST /trade/check " + field,
            value,
            post("/trade/check", investorToken(), order(field, quoted)));
      }
      for (String field : RULE_MEMBERS) {
        String member = field.endsWith("Jurisdictions") ? "[" + quoted + "]" : quoted;
        check("PUT /tokens/{tokenId}/rules " + field, value, putRules(field, member));
      }
      check(
          "POST /tokens/{tokenId}/halt reason",
          value,
          post("/tokens/" + token + "/halt", Api.operator(), "{\"reason\":" + quoted + "}"));
      check(
          "POST /tokens/{tokenId}/halt cancelOrders",
          value,
          post(
              "/tokens/" + token + "/halt",
              Api.operator(),
              "{\"reason\":\"fuzz\",\"cancelOrders\":" + quoted + "}"));
      check(
          "POST /tokens/{tokenId}/halt Idempotency-Key",
          value,
          post("/tokens/" + token + "/halt", Api.operator(), "{\"reason\":\"fuzz\"}")
              .header("Idempotency-Key", FuzzInputs.headerValue(value)));
      check(
          "POST /investors/{investorId}/freeze reason",
          value,
          post(
              "/investors/" + investor + "/freeze", Api.operator(), "{\"reason\":" + quoted + "}"));
      check(
          "POST /investors/{investorId}/unfreeze reason",
          value,
          post(
              "/investors/" + investor + "/unfreeze",
              Api.operator(),
              "{\"reason\":" + quoted + "}"));
      check(
          "POST /tokens/{tokenId}/resume reason",
          value,
          post("/tokens/" + token + "/resume", Api.operator(), "{\"reason\":" + quoted + "}"));
      check(
          "PUT /tokens/{tokenId}/rules Idempotency-Key",
          value,
          putRules("reason", "\"fuzz\"").header("Idempotency-Key", FuzzInputs.headerValue(value)));
      queries(value);
      paths(value);
    }
  }

  private static final List<String> RULE_MEMBERS =
      List.of(
          "maxHolders",
          "maxNonAccreditedHolders",
          "accreditedOnly",
          "allowedJurisdictions",
          "blockedJurisdictions",
          "maxHolding",
          "maxHoldingPercent",
          "lockupDays",
          "lockupAllPurchases",
          "minOrderSize",
          "effectiveAt",
          "reason");

  /** A valid rules version with {@code field} replaced by the JSON {@code member}. */
  private WebTestClient.RequestHeadersSpec<?> putRules(String field, String member) {
    String body =
        FuzzInputs.objectWith(
            FuzzInputs.members("maxHolders", "50", "reason", "\"fuzz\""), field, member);
    return web.method(HttpMethod.PUT)
        .uri("/tokens/" + token + "/rules")
        .headers(h -> h.setBearerAuth(Api.operator()))
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body);
  }

  @Test
  void shouldNeverAnswer5xxNorStoreAnythingForNumbersAtTheEdges() {
    for (String number : NUMBERS) {
      for (String field : List.of("quantity", "maxPrice")) {
        check(
            "POST /trade " + field, number, post("/trade", investorToken(), order(field, number)));
      }
      check(
          "POST /liquidity/windows priceBand",
          number,
          post("/liquidity/windows", Api.operator(), window("priceBand", number)));
      check(
          "POST /tokens/{tokenId}/transfers quantity",
          number,
          post("/tokens/" + token + "/transfers", Api.operator(), transfer("quantity", number)));
      for (String field :
          List.of(
              "maxHolders",
              "maxNonAccreditedHolders",
              "maxHolding",
              "maxHoldingPercent",
              "lockupDays",
              "minOrderSize")) {
        check("PUT /tokens/{tokenId}/rules " + field, number, putRules(field, number));
      }
      check(
          "POST /trade/check quantity",
          number,
          post("/trade/check", investorToken(), order("quantity", number)));
      queries(number);
    }
  }

  @Test
  void shouldNeverAnswer5xxNorStoreAnythingForFuzzedCashInput() {
    String withdrawal =
        Api.json(
                api.call(
                        HttpMethod.POST,
                        "/cash/withdrawals",
                        investorToken(),
                        Map.of("amount", new java.math.BigDecimal("1.00")))
                    .expectStatus()
                    .isCreated())
            .get("withdrawalId")
            .asString();
    List<String> values = new java.util.ArrayList<>(NUMBERS);
    values.addAll(FuzzInputs.sample(TRIES, "1.00", "USD", "requested", "deposit", investor));
    for (String value : values) {
      String quoted = json(value);
      String raw = NUMBERS.contains(value) ? value : quoted;
      for (String field : List.of("ownerId", "amount", "externalReference", "currency")) {
        String member = field.equals("amount") ? raw : quoted;
        check(
            "POST /cash/deposits " + field,
            value,
            post("/cash/deposits", Api.operator(), deposit(field, member)));
      }
      check(
          "POST /cash/deposits Idempotency-Key",
          value,
          post("/cash/deposits", Api.operator(), deposit("currency", "\"USD\""))
              .header("Idempotency-Key", FuzzInputs.headerValue(value)));
      for (String field : List.of("amount", "currency")) {
        String member = field.equals("amount") ? raw : quoted;
        check(
            "POST /cash/withdrawals " + field,
            value,
            post(
                "/cash/withdrawals",
                investorToken(),
                FuzzInputs.objectWith(
                    FuzzInputs.members("amount", "1.00", "currency", "\"USD\""), field, member)));
      }
      for (String field : List.of("ownerId", "amount", "reason")) {
        String member = field.equals("amount") ? raw : quoted;
        check(
            "POST /cash/adjustments " + field,
            value,
            post(
                "/cash/adjustments",
                Api.operator(),
                FuzzInputs.objectWith(
                    FuzzInputs.members(
                        "ownerId", json(investor), "amount", "0.01", "reason", "\"fuzz\""),
                    field,
                    member)));
      }
      check(
          "POST /cash/withdrawals/{id}/failed reason",
          value,
          post(
              "/cash/withdrawals/" + withdrawal + "/failed",
              Api.operator(),
              "{\"reason\":" + quoted + "}"));
      Map<String, List<String>> parameters = new LinkedHashMap<>();
      parameters.put("/cash/transactions", List.of("type", "limit", "cursor"));
      parameters.put("/cash/withdrawals", List.of("ownerId", "status", "limit", "cursor"));
      FuzzInputs.checkQueryParameters(web, investorToken(), parameters, value, this::rows);
      FuzzInputs.checkQueryParameters(
          web,
          Api.operator(),
          Map.of(
              "/cash/accounts",
              List.of("limit", "cursor"),
              "/cash/accounts/" + investor + "/transactions",
              List.of("type", "limit", "cursor")),
          value,
          this::rows);
      for (String path :
          List.of(
              "/cash/accounts/{v}",
              "/cash/accounts/{v}/transactions",
              "/cash/deposits/{v}",
              "/cash/withdrawals/{v}")) {
        check(
            "GET " + path,
            value,
            web.get().uri(path, value).headers(h -> h.setBearerAuth(Api.operator())));
      }
      check(
          "POST /cash/withdrawals/{id}/paid",
          value,
          web.post()
              .uri("/cash/withdrawals/{id}/paid", value)
              .headers(h -> h.setBearerAuth(Api.operator()))
              .contentType(MediaType.APPLICATION_JSON)
              .bodyValue("{\"externalReference\":\"fuzz\"}"));
    }
  }

  /** A valid deposit to the investor with {@code field} replaced by the JSON {@code member}. */
  private String deposit(String field, String member) {
    return FuzzInputs.objectWith(
        FuzzInputs.members(
            "ownerId",
            json(investor),
            "amount",
            "1.00",
            "externalReference",
            json("fuzz-" + UUID.randomUUID()),
            "currency",
            "\"USD\""),
        field,
        member);
  }

  /**
   * The fuzz's first find: eleven bytes of exponent made a number with a billion digits, whose
   * plain form the order rules wrote into their refusal (a body of gigabytes, a core busy for many
   * seconds). platform-web's NumberRule now refuses it while reading the body.
   */
  @Test
  void shouldRefuseANumberWithABillionDigitsNamingTheField() {
    for (String field : List.of("quantity", "maxPrice")) {
      post("/trade", investorToken(), order(field, "1e999999999"))
          .exchange()
          .expectStatus()
          .isBadRequest()
          .expectHeader()
          .contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)
          .expectBody()
          .jsonPath("$.field")
          .isEqualTo(field);
    }
  }

  /**
   * The fuzz's second find: a timestamp PostgreSQL cannot hold was bound into the window query (a
   * 500). Query parameters and body members are now held to platform-web's TimestampRule.
   */
  @Test
  void shouldRefuseTimestampsPostgresqlCannotHoldNamingTheField() {
    String far = "+999999999-12-31T23:59:59Z";
    for (String name : List.of("from", "to")) {
      web.get()
          .uri(b -> b.path("/liquidity/windows").queryParam(name, "{v}").build(far))
          .headers(h -> h.setBearerAuth(investorToken()))
          .exchange()
          .expectStatus()
          .isBadRequest()
          .expectBody()
          .jsonPath("$.field")
          .isEqualTo(name);
    }
    Map<String, String> farOpens = new LinkedHashMap<>(validWindow());
    farOpens.put("opens", json(far));
    String bothFar = FuzzInputs.objectWith(farOpens, "closes", json(far));
    post("/liquidity/windows", Api.operator(), bothFar)
        .exchange()
        .expectStatus()
        .isBadRequest()
        .expectBody()
        .jsonPath("$.field")
        .isEqualTo("opens");
  }

  /** Every query parameter of every list, one at a time. */
  private void queries(String value) {
    Map<String, List<String>> parameters = new LinkedHashMap<>();
    parameters.put("/trade", List.of("status", "tokenId", "limit", "cursor"));
    parameters.put(
        "/liquidity/windows", List.of("status", "tokenId", "from", "to", "limit", "cursor"));
    parameters.put("/liquidity/windows/" + scheduled, List.of("tokenId"));
    parameters.put(
        "/tokens/" + token + "/price-history",
        List.of("from", "to", "interval", "limit", "cursor"));
    FuzzInputs.checkQueryParameters(web, investorToken(), parameters, value, this::rows);
    FuzzInputs.checkQueryParameters(
        web,
        Api.operator(),
        Map.of("/operator/audit", List.of("subject", "from", "to", "limit", "cursor")),
        value,
        this::rows);
  }

  /** Every path id, as investor (orders) or operator (windows, transfers). */
  private void paths(String value) {
    check(
        "GET /trade/status/{tradeId}",
        value,
        web.get().uri("/trade/status/{id}", value).headers(h -> h.setBearerAuth(investorToken())));
    check(
        "DELETE /trade/{tradeId}",
        value,
        web.delete().uri("/trade/{id}", value).headers(h -> h.setBearerAuth(investorToken())));
    check(
        "GET /liquidity/windows/{id}",
        value,
        web.get()
            .uri("/liquidity/windows/{id}", value)
            .headers(h -> h.setBearerAuth(investorToken())));
    check(
        "POST /liquidity/windows/{id}/cancel",
        value,
        web.post()
            .uri("/liquidity/windows/{id}/cancel", value)
            .headers(h -> h.setBearerAuth(Api.operator()))
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue("{}"));
    check(
        "GET /tokens/{tokenId}/price-history",
        value,
        web.get()
            .uri("/tokens/{id}/price-history", value)
            .headers(h -> h.setBearerAuth(investorToken())));
    check(
        "GET /tokens/{tokenId}/rules",
        value,
        web.get().uri("/tokens/{id}/rules", value).headers(h -> h.setBearerAuth(investorToken())));
    check(
        "PUT /tokens/{tokenId}/rules",
        value,
        web.put()
            .uri("/tokens/{id}/rules", value)
            .headers(h -> h.setBearerAuth(Api.operator()))
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue("{\"maxHolders\":5,\"reason\":\"fuzz\"}"));
    check(
        "GET /tokens/{tokenId}/market",
        value,
        web.get().uri("/tokens/{id}/market", value).headers(h -> h.setBearerAuth(investorToken())));
    check(
        "GET /investors/{investorId}/freeze",
        value,
        web.get()
            .uri("/investors/{id}/freeze", value)
            .headers(h -> h.setBearerAuth(Api.operator())));
    for (String control : List.of("freeze", "unfreeze", "orders/cancel")) {
      check(
          "POST /investors/{investorId}/" + control,
          value,
          web.post()
              .uri("/investors/{id}/" + control, value)
              .headers(h -> h.setBearerAuth(Api.operator()))
              .contentType(MediaType.APPLICATION_JSON)
              .bodyValue("{\"reason\":\"fuzz\"}"));
    }
    for (String control : List.of("halt", "resume", "orders/cancel")) {
      check(
          "POST /tokens/{tokenId}/" + control,
          value,
          web.post()
              .uri("/tokens/{id}/" + control, value)
              .headers(h -> h.setBearerAuth(Api.operator()))
              .contentType(MediaType.APPLICATION_JSON)
              .bodyValue("{\"reason\":\"fuzz\"}"));
    }
    check(
        "POST /tokens/{tokenId}/transfers",
        value,
        web.post()
            .uri("/tokens/{id}/transfers", value)
            .headers(h -> h.setBearerAuth(Api.operator()))
            .contentType(MediaType.APPLICATION_JSON)
            .bodyValue(transfer("reason", "\"fuzz\"")));
  }

  private void check(String where, String value, WebTestClient.RequestHeadersSpec<?> request) {
    FuzzInputs.check(where, value, request, this::rows);
  }

  private WebTestClient.RequestHeadersSpec<?> post(String path, String bearer, String body) {
    return web.method(HttpMethod.POST)
        .uri(path)
        .headers(h -> h.setBearerAuth(bearer))
        .contentType(MediaType.APPLICATION_JSON)
        .bodyValue(body);
  }

  private String investorToken() {
    return Api.investor(investor);
  }

  /** A valid buy order with {@code field} replaced by the JSON {@code member}. */
  private String order(String field, String member) {
    return FuzzInputs.objectWith(
        FuzzInputs.members(
            "tokenId", json(token), "type", "\"buy\"", "quantity", "1", "maxPrice", "2.5"),
        field,
        member);
  }

  /** A valid window a day ahead with {@code field} replaced by the JSON {@code member}. */
  private String window(String field, String member) {
    return FuzzInputs.objectWith(validWindow(), field, member);
  }

  private Map<String, String> validWindow() {
    Instant opens = clock.instant().plus(Duration.ofDays(1));
    return FuzzInputs.members(
        "tokenIds",
        "[" + json(token) + "]",
        "mechanism",
        "\"continuous\"",
        "opens",
        json(opens.toString()),
        "closes",
        json(opens.plus(Duration.ofHours(1)).toString()));
  }

  /** A valid transfer from the issuer to the investor with {@code field} replaced. */
  private String transfer(String field, String member) {
    return FuzzInputs.objectWith(
        FuzzInputs.members(
            "from", json(issuer), "to", json(investor), "quantity", "1", "reason", "\"fuzz\""),
        field,
        member);
  }

  private long rows() {
    return count(
        "select (select count(*) from trade_order) + (select count(*) from liquidity_window)"
            + " + (select count(*) from window_token) + (select count(*) from holding_transfer)"
            + " + (select count(*) from cash_entry) + (select count(*) from cash_deposit)"
            + " + (select count(*) from cash_withdrawal) + (select count(*) from token_rules)"
            + " + (select count(*) from operator_action)"
            + " + (select count(*) from idempotency_record where principal_id in ($1, $2))"
            + " + (select coalesce(max(seq), 0) from outbox_event)",
        investor,
        Api.OPERATOR);
  }
}
