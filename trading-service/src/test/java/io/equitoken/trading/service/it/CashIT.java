package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.SentStatements;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * The cash API and funded intake against the real database and broker (matcher played by hand, so
 * that orders rest): deposits once per external reference, withdrawals reserved at once, buys that
 * cannot be funded refused with nothing stored, concurrent buys of one investor never reserving
 * more than is there, bad input refused, and nobody reading another's cash. Settlement of fills is
 * in {@code CashSettlementIT}.
 */
class CashIT extends TradingIntegrationTest {

  private String issuer;
  private String token;

  @BeforeEach
  void market() {
    issuer = "founder-" + UUID.randomUUID();
    token = fixtures.tradableToken(issuer);
    fixtures.openWindow(token);
  }

  @Test
  void shouldCreditADepositOncePerExternalReference() {
    String investor = fixtures.unfundedInvestor();
    Map<String, Object> body = deposit(investor, "250.00", "wire-" + UUID.randomUUID());

    JsonNode first =
        Api.json(post("/cash/deposits", Api.operator(), body).expectStatus().isCreated());
    JsonNode again = Api.json(post("/cash/deposits", Api.operator(), body).expectStatus().isOk());

    assertThat(again.get("depositId").asString()).isEqualTo(first.get("depositId").asString());
    assertThat(first.get("amount").decimalValue()).isEqualByComparingTo("250.00");
    assertThat(first.get("currency").asString()).isEqualTo("USD");
    JsonNode account = api.cash(investor);
    assertThat(account.get("balance").decimalValue()).isEqualByComparingTo("250.00");
    assertThat(account.get("available").decimalValue()).isEqualByComparingTo("250.00");
    assertThat(account.get("reserved").decimalValue()).isEqualByComparingTo("0");
    // the same reference for another amount is a conflict and credits nothing
    Map<String, Object> other = new LinkedHashMap<>(body);
    other.put("amount", new BigDecimal("999.00"));
    JsonNode conflict =
        Api.json(post("/cash/deposits", Api.operator(), other).expectStatus().isEqualTo(409));
    assertThat(conflict.get("code").asString()).isEqualTo("deposit-reference-conflict");
    assertThat(api.cash(investor).get("balance").decimalValue()).isEqualByComparingTo("250.00");
    // the owner sees the deposit in its transactions, with the resulting balance
    JsonNode lines = api.get("/cash/transactions", Api.investor(investor));
    assertThat(lines).hasSize(1);
    assertThat(lines.get(0).get("type").asString()).isEqualTo("deposit");
    assertThat(lines.get(0).get("balance").decimalValue()).isEqualByComparingTo("250.00");
  }

  @Test
  void shouldReplayADepositWithTheSameIdempotencyKey() {
    String investor = fixtures.unfundedInvestor();
    String key = UUID.randomUUID().toString();
    Map<String, Object> body = deposit(investor, "10.00", "ach-" + UUID.randomUUID());
    String first;
    try (SentStatements sent = SentStatements.capture()) {
      first =
          web.post()
              .uri("/cash/deposits")
              .headers(h -> h.setBearerAuth(Api.operator()))
              .header("Idempotency-Key", key)
              .bodyValue(body)
              .exchange()
              .expectStatus()
              .isCreated()
              .expectBody(String.class)
              .returnResult()
              .getResponseBody();
      // the key is recorded with the answer at commit, by the statement writing the events
      assertThat(
              sent.all().stream()
                  .filter(statement -> statement.contains("into idempotency_record")))
          .singleElement()
          .satisfies(statement -> assertThat(statement).contains("insert into outbox_event"));
    }
    web.post()
        .uri("/cash/deposits")
        .headers(h -> h.setBearerAuth(Api.operator()))
        .header("Idempotency-Key", key)
        .bodyValue(body)
        .exchange()
        .expectStatus()
        .isCreated()
        .expectHeader()
        .valueEquals("Idempotent-Replayed", "true")
        .expectBody(String.class)
        .isEqualTo(first);
    assertThat(api.cash(investor).get("balance").decimalValue()).isEqualByComparingTo("10.00");
  }

  @Test
  void shouldRefuseBadDepositsAndStoreNothing() {
    String investor = fixtures.unfundedInvestor();
    long before = count("select count(*) from cash_deposit");
    List<Object[]> cases = new ArrayList<>();
    cases.add(new Object[] {deposit(investor, "0", "r-" + UUID.randomUUID()), 422, "amount"});
    cases.add(new Object[] {deposit(investor, "-5.00", "r-" + UUID.randomUUID()), 422, "amount"});
    cases.add(new Object[] {deposit(investor, "1.001", "r-" + UUID.randomUUID()), 422, "amount"});
    cases.add(new Object[] {deposit(investor, "1e15", "r-" + UUID.randomUUID()), 422, "amount"});
    cases.add(new Object[] {deposit(investor, "5.00", " "), 400, "externalReference"});
    cases.add(new Object[] {deposit("", "5.00", "r-" + UUID.randomUUID()), 400, "ownerId"});
    Map<String, Object> euro = deposit(investor, "5.00", "r-" + UUID.randomUUID());
    euro.put("currency", "EUR");
    cases.add(new Object[] {euro, 422, "currency"});
    for (Object[] c : cases) {
      JsonNode problem =
          Api.json(
              post("/cash/deposits", Api.operator(), c[0])
                  .expectStatus()
                  .isEqualTo((Integer) c[1])
                  .expectHeader()
                  .contentType("application/problem+json"));
      assertThat(problem.toString()).as("%s", c[0]).contains((String) c[2]);
    }
    // a missing member and a non-number are bad requests too
    post("/cash/deposits", Api.operator(), Map.of("ownerId", investor, "externalReference", "x"))
        .expectStatus()
        .isBadRequest();
    post(
            "/cash/deposits",
            Api.operator(),
            Map.of("ownerId", investor, "amount", "ten", "externalReference", "y"))
        .expectStatus()
        .isBadRequest();
    assertThat(count("select count(*) from cash_deposit")).isEqualTo(before);
    assertThat(count("select count(*) from cash_account where owner_id = $1", investor)).isZero();
  }

  @Test
  void shouldRefuseABuyThatCannotBeFundedAndStoreNothing() {
    String investor = fixtures.unfundedInvestor();
    api.deposit(investor, "100.00");
    long orders = count("select count(*) from trade_order where owner_id = $1", investor);

    // 100 × 2.50 = 250.00 > 100.00
    JsonNode problem =
        Api.json(
            post("/trade", Api.investor(investor), Api.order(token, "buy", 100, 2.5))
                .expectStatus()
                .isEqualTo(422));

    assertThat(problem.get("code").asString()).isEqualTo("insufficient-funds");
    assertThat(problem.get("required").decimalValue()).isEqualByComparingTo("250.00");
    assertThat(problem.get("available").decimalValue()).isEqualByComparingTo("100.00");
    assertThat(problem.get("currency").asString()).isEqualTo("USD");
    assertThat(count("select count(*) from trade_order where owner_id = $1", investor))
        .isEqualTo(orders);
    assertThat(count("select count(*) from cash_reservation where owner_id = $1", investor))
        .isZero();
    JsonNode account = api.cash(investor);
    assertThat(account.get("reserved").decimalValue()).isEqualByComparingTo("0");
    // a buy within the available cash is accepted and reserves quantity × maxPrice, written with
    // the order by one statement
    JsonNode accepted;
    try (SentStatements sent = SentStatements.capture()) {
      accepted =
          Api.json(
              post("/trade", Api.investor(investor), Api.order(token, "buy", 40, 2.5))
                  .expectStatus()
                  .isAccepted());
      assertThat(sent.all().stream().filter(statement -> statement.contains("into trade_order")))
          .singleElement()
          .satisfies(
              statement ->
                  assertThat(statement)
                      .contains("insert into cash_reservation", "insert into cash_entry"));
      assertThat(sent.matching("insert into cash_reservation")).isEqualTo(1);
    }
    assertThat(accepted.get("cash").get("reserved").decimalValue()).isEqualByComparingTo("100.00");
    account = api.cash(investor);
    assertThat(account.get("reserved").decimalValue()).isEqualByComparingTo("100.00");
    assertThat(account.get("available").decimalValue()).isEqualByComparingTo("0");
    // a sell needs no cash
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 10, 3));
  }

  @Test
  void shouldNeverReserveMoreThanIsThereUnderConcurrentBuys() throws Exception {
    // given 100.00 and ten buys at once of 30.00 each, on two tokens
    String investor = fixtures.unfundedInvestor();
    String otherToken = fixtures.tradableToken(issuer);
    fixtures.openWindow(otherToken);
    api.deposit(investor, "100.00");
    List<CompletableFuture<Integer>> calls =
        IntStream.range(0, 10)
            .mapToObj(
                i ->
                    CompletableFuture.supplyAsync(
                        () ->
                            post(
                                    "/trade",
                                    Api.investor(investor),
                                    Api.order(i % 2 == 0 ? token : otherToken, "buy", 12, 2.5))
                                .returnResult(String.class)
                                .getStatus()
                                .value()))
            .toList();
    List<Integer> statuses = calls.stream().map(CompletableFuture::join).toList();

    // then exactly three are accepted, the others refused, and 90.00 is reserved
    assertThat(statuses).filteredOn(s -> s == 202).hasSize(3);
    assertThat(statuses).filteredOn(s -> s == 422).hasSize(7);
    JsonNode account = api.cash(investor);
    assertThat(account.get("reserved").decimalValue()).isEqualByComparingTo("90.00");
    assertThat(account.get("available").decimalValue()).isEqualByComparingTo("10.00");
    assertThat(count("select count(*) from trade_order where owner_id = $1", investor))
        .isEqualTo(3);
    assertThat(count("select count(*) from cash_reservation where owner_id = $1", investor))
        .isEqualTo(3);
  }

  @Test
  void shouldReserveAWithdrawalAtOnceAndSettleItOnce() {
    String investor = fixtures.unfundedInvestor();
    api.deposit(investor, "100.00");
    api.place(Api.investor(investor), Api.order(token, "buy", 32, 2.5)); // reserves 80.00

    // reserved cash cannot be withdrawn
    JsonNode refused =
        Api.json(
            post(
                    "/cash/withdrawals",
                    Api.investor(investor),
                    Map.of("amount", new BigDecimal("30.00")))
                .expectStatus()
                .isEqualTo(422));
    assertThat(refused.get("code").asString()).isEqualTo("insufficient-funds");

    // what is available can, and is reserved at once
    JsonNode requested =
        Api.json(
            post(
                    "/cash/withdrawals",
                    Api.investor(investor),
                    Map.of("amount", new BigDecimal("20.00")))
                .expectStatus()
                .isCreated());
    String id = requested.get("withdrawalId").asString();
    assertThat(requested.get("status").asString()).isEqualTo("requested");
    assertThat(api.cash(investor).get("available").decimalValue()).isEqualByComparingTo("0");
    post("/cash/withdrawals", Api.investor(investor), Map.of("amount", new BigDecimal("0.01")))
        .expectStatus()
        .isEqualTo(422);

    // the payments side pays it: the money leaves, once
    JsonNode paid =
        Api.json(
            post(
                    "/cash/withdrawals/" + id + "/paid",
                    Api.operator(),
                    Map.of("externalReference", "ach-out-1"))
                .expectStatus()
                .isOk());
    assertThat(paid.get("status").asString()).isEqualTo("paid");
    JsonNode account = api.cash(investor);
    assertThat(account.get("balance").decimalValue()).isEqualByComparingTo("80.00");
    assertThat(account.get("reserved").decimalValue()).isEqualByComparingTo("80.00");
    JsonNode again =
        Api.json(
            post("/cash/withdrawals/" + id + "/failed", Api.operator(), Map.of("reason", "late"))
                .expectStatus()
                .isEqualTo(409));
    assertThat(again.get("code").asString()).isEqualTo("withdrawal-final");
    assertThat(api.cash(investor).get("balance").decimalValue()).isEqualByComparingTo("80.00");
    assertThat(books().get("balanced").asBoolean()).isTrue();
  }

  @Test
  void shouldReturnTheMoneyOfAFailedWithdrawal() {
    String investor = fixtures.unfundedInvestor();
    api.deposit(investor, "50.00");
    String id =
        Api.json(
                post(
                        "/cash/withdrawals",
                        Api.investor(investor),
                        Map.of("amount", new BigDecimal("50.00")))
                    .expectStatus()
                    .isCreated())
            .get("withdrawalId")
            .asString();
    post("/cash/withdrawals/" + id + "/failed", Api.operator(), Map.of("reason", "Account closed"))
        .expectStatus()
        .isOk();

    JsonNode account = api.cash(investor);
    assertThat(account.get("balance").decimalValue()).isEqualByComparingTo("50.00");
    assertThat(account.get("available").decimalValue()).isEqualByComparingTo("50.00");
    JsonNode w = api.get("/cash/withdrawals/" + id, Api.investor(investor));
    assertThat(w.get("status").asString()).isEqualTo("failed");
    assertThat(w.get("failureReason").asString()).isEqualTo("Account closed");
    List<String> types = new ArrayList<>();
    api.get("/cash/transactions", Api.investor(investor))
        .forEach(l -> types.add(l.get("type").asString()));
    assertThat(types).containsExactly("withdrawal_failed", "withdrawal_requested", "deposit");
  }

  @Test
  void shouldShowNobodyAnothersCash() {
    String alice = fixtures.unfundedInvestor();
    String bob = fixtures.unfundedInvestor();
    String deposit = api.deposit(alice, "75.00");
    String withdrawal =
        Api.json(
                post(
                        "/cash/withdrawals",
                        Api.investor(alice),
                        Map.of("amount", new BigDecimal("5.00")))
                    .expectStatus()
                    .isCreated())
            .get("withdrawalId")
            .asString();

    for (String uri :
        List.of(
            "/cash/accounts/" + alice,
            "/cash/accounts/" + alice + "/transactions",
            "/cash/deposits/" + deposit,
            "/cash/withdrawals/" + withdrawal)) {
      api.call(HttpMethod.GET, uri, Api.investor(bob), null).expectStatus().isNotFound();
      api.call(HttpMethod.GET, uri, Api.investor(alice), null).expectStatus().isOk();
      api.call(HttpMethod.GET, uri, Api.operator(), null).expectStatus().isOk();
    }
    assertThat(api.get("/cash/withdrawals", Api.investor(bob))).isEmpty();
    assertThat(api.get("/cash/withdrawals?ownerId=" + alice, Api.investor(bob))).isEmpty();
    assertThat(api.get("/cash/transactions", Api.investor(bob))).isEmpty();
    // and bob cannot settle alice's withdrawal, nor deposit
    post(
            "/cash/withdrawals/" + withdrawal + "/paid",
            Api.investor(bob),
            Map.of("externalReference", "x"))
        .expectStatus()
        .isForbidden();
    post("/cash/deposits", Api.investor(bob), deposit(bob, "1.00", "r-" + UUID.randomUUID()))
        .expectStatus()
        .isForbidden();
  }

  @Test
  void shouldAuditAnAdjustmentAndKeepTheBooksBalanced() {
    String investor = fixtures.unfundedInvestor();
    api.deposit(investor, "20.00");
    JsonNode line =
        Api.json(
            post(
                    "/cash/adjustments",
                    Api.operator(),
                    Map.of(
                        "ownerId",
                        investor,
                        "amount",
                        new BigDecimal("-5.00"),
                        "reason",
                        "Duplicate wire"))
                .expectStatus()
                .isCreated());
    assertThat(line.get("type").asString()).isEqualTo("adjustment");
    assertThat(line.get("balance").decimalValue()).isEqualByComparingTo("15.00");
    assertThat(line.get("reason").asString()).isEqualTo("Duplicate wire");
    // a correction cannot overdraw
    post(
            "/cash/adjustments",
            Api.operator(),
            Map.of("ownerId", investor, "amount", new BigDecimal("-15.01"), "reason", "Too much"))
        .expectStatus()
        .isEqualTo(422);
    post(
            "/cash/adjustments",
            Api.operator(),
            Map.of("ownerId", investor, "amount", new BigDecimal("1.00")))
        .expectStatus()
        .isBadRequest();
    assertThat(api.cash(investor).get("balance").decimalValue()).isEqualByComparingTo("15.00");
    assertThat(books().get("balanced").asBoolean()).isTrue();
  }

  @Test
  void shouldPageAnOwnersTransactionsByCursor() {
    String investor = fixtures.unfundedInvestor();
    for (int i = 1; i <= 5; i++) {
      api.deposit(investor, i + ".00");
    }
    var first =
        api.call(HttpMethod.GET, "/cash/transactions?limit=2", Api.investor(investor), null)
            .expectStatus()
            .isOk()
            .returnResult(String.class);
    String link = first.getResponseHeaders().getFirst("Link");
    assertThat(link).contains("rel=\"next\"");
    List<BigDecimal> seen = new ArrayList<>();
    String uri = "/cash/transactions?limit=2";
    for (int page = 0; page < 5 && uri != null; page++) {
      var result =
          api.call(HttpMethod.GET, uri, Api.investor(investor), null)
              .expectStatus()
              .isOk()
              .returnResult(String.class);
      Api.json(api.call(HttpMethod.GET, uri, Api.investor(investor), null))
          .forEach(l -> seen.add(l.get("amount").decimalValue()));
      String next = result.getResponseHeaders().getFirst("Link");
      uri = next == null ? null : next.substring(next.indexOf('<') + 1, next.indexOf('>'));
      if (uri != null && uri.startsWith("http")) {
        uri = uri.substring(uri.indexOf("/cash/"));
      }
    }
    assertThat(seen)
        .usingElementComparator(BigDecimal::compareTo)
        .containsExactly(
            new BigDecimal("5"),
            new BigDecimal("4"),
            new BigDecimal("3"),
            new BigDecimal("2"),
            new BigDecimal("1"));
    api.call(HttpMethod.GET, "/cash/transactions?cursor=%21%21", Api.investor(investor), null)
        .expectStatus()
        .isBadRequest();
    api.call(HttpMethod.GET, "/cash/transactions?type=gift", Api.investor(investor), null)
        .expectStatus()
        .isBadRequest();
  }

  private JsonNode books() {
    return api.get("/cash/summary", Api.operator());
  }

  private org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec post(
      String uri, String token, Object body) {
    return api.call(HttpMethod.POST, uri, token, body);
  }

  private static Map<String, Object> deposit(String ownerId, String amount, String reference) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("ownerId", ownerId);
    body.put("amount", new BigDecimal(amount));
    body.put("externalReference", reference);
    return body;
  }
}
