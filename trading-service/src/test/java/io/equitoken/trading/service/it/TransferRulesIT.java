package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.SentStatements;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A token's transfer rules end to end with the embedded matcher: what only the matcher can judge
 * (holder caps, maximum holding, lock-ups by the commands' own times) shows on {@code GET
 * /trade/status/{id}} as a rejection with the rule's code and a next step, the buy's reservation
 * released; and {@code POST /trade/check} agrees with the real order's outcome, rule by rule. Runs
 * its own context and database, closed afterwards (as {@code MatchingIT}).
 */
class TransferRulesIT extends MatcherIntegrationTest {

  @DynamicPropertySource
  static void matcher(DynamicPropertyRegistry registry) {
    registerMatcher(registry, "trading_rules", "rules-it");
  }

  @BeforeEach
  void market() {
    fixtures.openWindow(token);
  }

  private void rules(Object... pairs) {
    Map<String, Object> body = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      body.put((String) pairs[i], pairs[i + 1]);
    }
    body.put("reason", "Private placement limits");
    api.call(HttpMethod.PUT, "/tokens/" + token + "/rules", Api.operator(), body)
        .expectStatus()
        .isOk();
  }

  private JsonNode check(String bearer, Map<String, Object> order) {
    return Api.json(api.call(HttpMethod.POST, "/trade/check", bearer, order).expectStatus().isOk());
  }

  /** Each refusal's rule (the matcher's reason code) if it is a rule's, else its problem code. */
  private static List<String> codes(JsonNode check) {
    List<String> codes = new ArrayList<>();
    check
        .get("refusals")
        .forEach(r -> codes.add((r.has("rule") ? r.get("rule") : r.get("code")).asString()));
    return codes;
  }

  @Test
  void shouldRejectAHolderBeyondTheCapWithTheRuleAndReleaseTheReservation() {
    // given one holder slot, taken by the first buyer
    rules("maxHolders", 1);
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 100, 2.5));
    String first = fixtures.approvedInvestor();
    String bought = api.place(Api.investor(first), Api.order(token, "buy", 10, 2.5));
    assertThat(fixtures.awaitDecided(bought, Api.investor(first)).get("status").asString())
        .isEqualTo("filled");
    fixtures.awaitHolding(token, first, 10);
    String second = fixtures.approvedInvestor();

    // when the check is asked first, then the real order placed
    JsonNode checked = check(Api.investor(second), Api.order(token, "buy", 10, 2.5));
    String refused = api.place(Api.investor(second), Api.order(token, "buy", 10, 2.5));

    // then both say rule.max_holders; the status explains it; no cash stays reserved
    assertThat(checked.get("accepted").asBoolean()).isFalse();
    assertThat(codes(checked)).containsExactly("rule.max_holders");
    JsonNode status = fixtures.awaitDecided(refused, Api.investor(second));
    assertThat(status.get("status").asString()).isEqualTo("rejected");
    assertThat(status.get("reason").get("code").asString()).isEqualTo("rule.max_holders");
    assertThat(status.get("reason").get("nextStep").asString()).contains("holder");
    fixtures.awaitNothingReserved(second);
    // and an existing holder may still buy: check and order agree again
    assertThat(
            check(Api.investor(first), Api.order(token, "buy", 5, 2.5)).get("accepted").asBoolean())
        .isTrue();
    String more = api.place(Api.investor(first), Api.order(token, "buy", 5, 2.5));
    assertThat(fixtures.awaitDecided(more, Api.investor(first)).get("status").asString())
        .isEqualTo("filled");
  }

  @Test
  void shouldAgreeWithTheMatcherOnTheMaximumHolding() {
    rules("maxHolding", 15);
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 100, 2.5));
    String investor = fixtures.approvedInvestor();
    String bought = api.place(Api.investor(investor), Api.order(token, "buy", 10, 2.5));
    fixtures.awaitDecided(bought, Api.investor(investor));
    fixtures.awaitHolding(token, investor, 10);

    JsonNode checked = check(Api.investor(investor), Api.order(token, "buy", 6, 2.5));
    String refused = api.place(Api.investor(investor), Api.order(token, "buy", 6, 2.5));

    assertThat(codes(checked)).containsExactly("rule.max_holding");
    JsonNode status = fixtures.awaitDecided(refused, Api.investor(investor));
    assertThat(status.get("status").asString()).isEqualTo("rejected");
    assertThat(status.get("reason").get("code").asString()).isEqualTo("rule.max_holding");
  }

  @Test
  void shouldLockPrimaryPurchasesByTheCommandsOwnTimes() {
    // given an investor bought from the issuer under a 30-day lock-up
    rules("lockupDays", 30);
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 100, 2.5));
    String investor = fixtures.approvedInvestor();
    String bought = api.place(Api.investor(investor), Api.order(token, "buy", 10, 2.5));
    fixtures.awaitDecided(bought, Api.investor(investor));

    // when they sell at once, the matcher refuses: the lots are locked
    String early = api.place(Api.investor(investor), Api.order(token, "sell", 5, 3));
    JsonNode refused = fixtures.awaitDecided(early, Api.investor(investor));
    assertThat(refused.get("status").asString()).isEqualTo("rejected");
    assertThat(refused.get("reason").get("code").asString()).isEqualTo("rule.lockup");
    assertThat(refused.get("reason").get("nextStep").asString()).contains("lock-up");

    // then, 31 days later in a new window, the same sale is accepted
    clock.advance(Duration.ofDays(31));
    tick();
    fixtures.openWindow(token);
    String later = api.place(Api.investor(investor), Api.order(token, "sell", 5, 3));
    assertThat(fixtures.awaitDecided(later, Api.investor(investor)).get("status").asString())
        .isEqualTo("open");
  }

  @Test
  void shouldAgreeWithTheRealOrderOnEveryRuleIntakeJudges() {
    rules("minOrderSize", 10, "accreditedOnly", true, "blockedJurisdictions", List.of("US"));
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 100, 2.5));
    String ok = fixtures.approvedInvestor("DE", true);
    Map<String, List<Object>> cases = new LinkedHashMap<>();
    cases.put("rule.min_order_size", List.of(ok, 5));
    cases.put("rule.accredited_only", List.of(fixtures.approvedInvestor("DE", false), 10));
    cases.put("rule.jurisdiction", List.of(fixtures.approvedInvestor("US", true), 10));
    cases.forEach(
        (code, c) -> {
          String bearer = Api.investor((String) c.get(0));
          Map<String, Object> order = Api.order(token, "buy", c.get(1), 2.5);
          assertThat(codes(check(bearer, order))).as(code).containsExactly(code);
          JsonNode problem =
              Api.json(
                  api.call(HttpMethod.POST, "/trade", bearer, order).expectStatus().isEqualTo(422));
          assertThat(problem.get("rule").asString()).isEqualTo(code);
          assertThat(problem.get("code").asString())
              .isEqualTo(code.replace('.', '-').replace('_', '-'));
        });
    JsonNode accepted = check(Api.investor(ok), Api.order(token, "buy", 10, 2.5));
    assertThat(accepted.get("accepted").asBoolean()).isTrue();
    assertThat(accepted.get("refusals")).isEmpty();
    String placed;
    try (SentStatements sent = SentStatements.capture()) {
      placed = api.place(Api.investor(ok), Api.order(token, "buy", 10, 2.5));
      // the rules in force are read with the gates' facts, in one statement, which also takes the
      // owner's open-order lock on the token
      assertThat(sent.all().stream().filter(statement -> statement.contains("token_rules")))
          .singleElement()
          .satisfies(
              statement ->
                  assertThat(statement)
                      .contains("kyc_standing", "pg_advisory_xact_lock(hashtext("));
    }
    assertThat(fixtures.awaitDecided(placed, Api.investor(ok)).get("status").asString())
        .isEqualTo("filled");
    assertThat(count("select count(*) from trade_order where token_id = $1", token))
        .as("the checks placed nothing")
        .isEqualTo(2);
  }

  @Test
  void shouldListTheGateAndCashRefusalsOfACheck() {
    String unfunded = fixtures.unfundedInvestor();
    JsonNode checked = check(Api.investor(unfunded), Api.order(token, "buy", 10, 2.5));
    assertThat(checked.get("accepted").asBoolean()).isFalse();
    assertThat(codes(checked)).containsExactly("insufficient-funds");
    assertThat(checked.get("refusals").get(0).get("nextStep").asString()).isNotBlank();
    String noKyc = "inv-" + UUID.randomUUID();
    assertThat(codes(check(Api.investor(noKyc), Api.order(token, "buy", 10, 2.5))))
        .contains("gate-kyc-required", "insufficient-funds");
  }
}
