package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.EventContracts;
import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Halting and resuming trading in a token end to end, with the embedded matcher: a halt during a
 * call phase stops the uncross (the orders expire at the close instead of trading), an order the
 * intake let through before it knew of the halt is still refused by the matcher, a halt may cancel
 * the resting orders (releasing a buy's cash), a resume lets orders trade again; every control is
 * audited (who, when, why), published and idempotent. Runs its own context and database, closed
 * afterwards (as {@code MatchingIT}).
 */
class MarketControlsIT extends MatcherIntegrationTest {

  @DynamicPropertySource
  static void matcher(DynamicPropertyRegistry registry) {
    registerMatcher(registry, "trading_controls", "controls-it");
  }

  private JsonNode halt(boolean cancelOrders) {
    return Api.json(
        api.call(
                HttpMethod.POST,
                "/tokens/" + token + "/halt",
                Api.operator(),
                Map.of("reason", "Material news pending", "cancelOrders", cancelOrders))
            .expectStatus()
            .isOk());
  }

  private JsonNode resume() {
    return Api.json(
        api.call(
                HttpMethod.POST,
                "/tokens/" + token + "/resume",
                Api.operator(),
                Map.of("reason", "News published"))
            .expectStatus()
            .isOk());
  }

  private long audited(String action) {
    return count(
        "select count(*) from operator_action where action = $1 and subject_type = 'token'"
            + " and subject_id = $2 and token_id = $2 and actor = $3 and reason is not null",
        action,
        token,
        Api.OPERATOR);
  }

  @Test
  void shouldStopTheUncrossWhenHaltedDuringTheCallPhase() {
    // given a call auction that would clear 10 at 2.50
    Instant opens = clock.instant().plus(Duration.ofMinutes(1));
    api.schedule(
        Api.window(List.of(token), "call_auction", opens, opens.plus(Duration.ofHours(1))));
    clock.advance(Duration.ofMinutes(1).plusSeconds(1));
    tick();
    Fixtures.Resting resting = fixtures.restingOrders(issuer, token, 100, 2.5, 10, 2.5);

    // when an operator halts the token (cancelling nothing) during the call phase
    JsonNode halted = halt(false);
    assertThat(halted.get("status").asString()).isEqualTo("halted");
    assertThat(halted.get("changedBy").asString()).isEqualTo(Api.OPERATOR);
    assertThat(api.get("/tokens/" + token + "/market", resting.bearer()).get("status").asString())
        .isEqualTo("halted");

    // then new orders are refused at intake, storing nothing
    String other = fixtures.approvedInvestor();
    JsonNode refused =
        Api.json(
            api.call(
                    HttpMethod.POST,
                    "/trade",
                    Api.investor(other),
                    Api.order(token, "buy", 10, 2.5))
                .expectStatus()
                .isEqualTo(422));
    assertThat(refused.get("code").asString()).isEqualTo("market-halted");
    assertThat(refused.get("reason").asString()).isEqualTo("market.halted");
    assertThat(refused.get("nextStep").asString()).contains("/tokens/" + token + "/market");
    assertThat(count("select count(*) from trade_order where owner_id = $1", other)).isZero();
    JsonNode checked =
        Api.json(
            api.call(
                    HttpMethod.POST,
                    "/trade/check",
                    Api.investor(other),
                    Api.order(token, "buy", 10, 2.5))
                .expectStatus()
                .isOk());
    assertThat(checked.get("refusals").get(0).get("reason").asString()).isEqualTo("market.halted");

    // and the window closes without an uncross: both orders expire, nothing trades
    clock.advance(Duration.ofHours(1));
    tick();
    fixtures.awaitStatus(resting.buy(), resting.bearer(), "expired");
    fixtures.awaitStatus(resting.sell(), resting.founder(), "expired");
    assertThat(count("select count(*) from executed_trade where token_id = $1", token)).isZero();
    fixtures.awaitNothingReserved(resting.investor());
    assertThat(audited("market.halt")).isEqualTo(1);
  }

  @Test
  void shouldLetTheMatcherRefuseAnOrderIntakeAcceptedBeforeItKnewOfTheHalt() {
    fixtures.openWindow(token);
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 100, 2.5));
    halt(false);
    // intake that read its facts before the halt committed: the matcher must still refuse
    db.sql("update market_halt set halted = false where token_id = :t")
        .bind("t", token)
        .then()
        .block(Duration.ofSeconds(10));
    String investor = fixtures.approvedInvestor();
    String late = api.place(Api.investor(investor), Api.order(token, "buy", 10, 2.5));

    JsonNode rejected = fixtures.awaitStatus(late, Api.investor(investor), "rejected");
    assertThat(rejected.get("reason").get("code").asString()).isEqualTo("market.halted");
    assertThat(rejected.get("reason").get("nextStep").asString()).contains("halted");
    fixtures.awaitNothingReserved(investor);
    assertThat(count("select count(*) from executed_trade where token_id = $1", token)).isZero();
  }

  @Test
  void shouldCancelRestingOrdersWhenAskedAndTradeAgainAfterTheResume() {
    // given a resting buy and a resting sell that do not cross
    fixtures.openWindow(token);
    Fixtures.Resting resting = fixtures.restingOrders(issuer, token, 100, 3, 10, 2.5);

    // when the halt cancels the resting orders
    assertThat(halt(true).get("cancelOrders").asBoolean()).isTrue();

    // then both are cancelled with the halt's reason and the buy's cash is released
    assertThat(
            fixtures
                .awaitStatus(resting.buy(), resting.bearer(), "cancelled")
                .get("reason")
                .get("code")
                .asString())
        .isEqualTo("market.halted");
    fixtures.awaitStatus(resting.sell(), resting.founder(), "cancelled");
    fixtures.awaitNothingReserved(resting.investor());
    api.call(
            HttpMethod.POST,
            "/tokens/" + token + "/halt",
            Api.operator(),
            Map.of("reason", "again"))
        .expectStatus()
        .isEqualTo(409);

    // and after the resume orders trade again
    JsonNode resumed = resume();
    assertThat(resumed.get("status").asString()).isEqualTo("running");
    assertThat(resumed.get("reason").asString()).isEqualTo("News published");
    api.call(
            HttpMethod.POST,
            "/tokens/" + token + "/resume",
            Api.operator(),
            Map.of("reason", "again"))
        .expectStatus()
        .isEqualTo(409);
    api.place(resting.founder(), Api.order(token, "sell", 100, 2.5));
    String again = api.place(resting.bearer(), Api.order(token, "buy", 10, 2.5));
    fixtures.awaitStatus(again, resting.bearer(), "filled");
    assertThat(audited("market.halt")).isEqualTo(1);
    assertThat(audited("market.resume")).isEqualTo(1);
  }

  @Test
  void shouldPublishEachControlAndItsMatcherCommandOnce() {
    String key = "halt-" + UUID.randomUUID();
    Map<String, Object> body = Map.of("reason", "Material news pending");
    JsonNode first =
        Api.json(
            api.postWithKey("/tokens/" + token + "/halt", Api.operator(), body, key)
                .expectStatus()
                .isOk());
    api.postWithKey("/tokens/" + token + "/halt", Api.operator(), body, key)
        .expectStatus()
        .isOk()
        .expectHeader()
        .valueEquals("Idempotent-Replayed", "true")
        .expectBody()
        .jsonPath("$.changedAt")
        .isEqualTo(first.get("changedAt").asString());
    assertThat(audited("market.halt")).isEqualTo(1);
    resume();
    for (String type :
        List.of(
            "equitoken.trading.market.halted.v1",
            "equitoken.trading.market.resumed.v1",
            "equitoken.trading.command.market.halt.v1",
            "equitoken.trading.command.market.resume.v1")) {
      String topic = type.contains(".command.") ? "trading.orders.v1" : "trading.events.v1";
      List<ConsumerRecord<String, String>> records =
          KafkaRecords.consume(
              TestInfrastructure.kafkaBootstrapServers(),
              topic,
              r -> token.equals(r.key()) && type.equals(KafkaRecords.header(r, "ce_type")),
              1,
              Duration.ofSeconds(60));
      assertThat(records).as(type).hasSize(1);
      EventContracts.assertConforms(records.get(0));
    }
  }

  @Test
  void shouldRefuseBadControlsWithProblemsAndRecordNothing() {
    String uri = "/tokens/" + token + "/halt";
    JsonNode blank =
        Api.json(
            api.call(HttpMethod.POST, uri, Api.operator(), Map.of("reason", " "))
                .expectStatus()
                .isBadRequest());
    assertThat(blank.get("code").asString()).isEqualTo("invalid-reason");
    assertThat(blank.get("field").asString()).isEqualTo("reason");
    JsonNode typed =
        Api.json(
            api.call(
                    HttpMethod.POST,
                    uri,
                    Api.operator(),
                    Map.of("reason", "x", "cancelOrders", "yes"))
                .expectStatus()
                .isBadRequest());
    assertThat(typed.get("code").asString()).isEqualTo("validation-failed");
    api.call(HttpMethod.POST, uri, Api.investor("inv-" + UUID.randomUUID()), Map.of("reason", "x"))
        .expectStatus()
        .isForbidden();
    JsonNode unknown =
        Api.json(
            api.call(
                    HttpMethod.POST,
                    "/tokens/no-such-token/halt",
                    Api.operator(),
                    Map.of("reason", "x"))
                .expectStatus()
                .isNotFound());
    assertThat(unknown.get("code").asString()).isEqualTo("token-not-found");
    api.call(HttpMethod.GET, "/tokens/no-such-token/market", Api.operator(), null)
        .expectStatus()
        .isNotFound();
    assertThat(count("select count(*) from operator_action where subject_id = $1", token)).isZero();
    assertThat(count("select count(*) from market_halt where token_id = $1", token)).isZero();
    assertThat(api.get("/tokens/" + token + "/market", Api.operator()).get("status").asString())
        .isEqualTo("running");
  }

  @Test
  void shouldCancelEveryOpenOrderOfATokenOrOfAnInvestorThroughTheCancelPath() {
    fixtures.openWindow(token);
    Fixtures.Resting resting = fixtures.restingOrders(issuer, token, 100, 3, 10, 2.5);

    // an investor's cancel-all takes only theirs
    JsonNode mine =
        Api.json(
            api.call(
                    HttpMethod.POST,
                    "/investors/" + resting.investor() + "/orders/cancel",
                    Api.operator(),
                    Map.of("reason", "Suspected account takeover"))
                .expectStatus()
                .isAccepted());
    assertThat(mine.get("orderIds")).hasSize(1);
    assertThat(mine.get("orderIds").get(0).asString()).isEqualTo(resting.buy());
    assertThat(
            fixtures
                .awaitStatus(resting.buy(), resting.bearer(), "cancelled")
                .get("reason")
                .get("code")
                .asString())
        .isEqualTo("requested");
    fixtures.awaitNothingReserved(resting.investor());
    assertThat(
            api.get("/trade/status/" + resting.sell(), resting.founder()).get("status").asString())
        .isEqualTo("open");

    // a token's cancel-all takes the rest
    JsonNode all =
        Api.json(
            api.call(
                    HttpMethod.POST,
                    "/tokens/" + token + "/orders/cancel",
                    Api.operator(),
                    Map.of("reason", "Corporate action"))
                .expectStatus()
                .isAccepted());
    assertThat(all.get("orderIds")).hasSize(1);
    fixtures.awaitStatus(resting.sell(), resting.founder(), "cancelled");
    assertThat(
            count(
                "select count(*) from operator_action where action = 'orders.cancel'"
                    + " and actor = $1 and subject_id in ($2, $3)",
                Api.OPERATOR,
                token,
                resting.investor()))
        .isEqualTo(2);
    for (String type :
        List.of(
            "equitoken.trading.market.orders-cancelled.v1",
            "equitoken.trading.investor.orders-cancelled.v1")) {
      String key = type.contains(".market.") ? token : resting.investor();
      List<ConsumerRecord<String, String>> records =
          KafkaRecords.consume(
              TestInfrastructure.kafkaBootstrapServers(),
              "trading.events.v1",
              r -> key.equals(r.key()) && type.equals(KafkaRecords.header(r, "ce_type")),
              1,
              Duration.ofSeconds(60));
      assertThat(records).as(type).hasSize(1);
      EventContracts.assertConforms(records.get(0));
    }
    api.call(
            HttpMethod.POST,
            "/tokens/no-such-token/orders/cancel",
            Api.operator(),
            Map.of("reason", "x"))
        .expectStatus()
        .isNotFound();
  }

  @Test
  void shouldListEveryOperatorActionOfTheMarketNewestFirstInPages() {
    // actions are stored to the microsecond: start the range a second early
    Instant before = clock.instant().minusSeconds(1);
    fixtures.openWindow(token);
    clock.advance(Duration.ofSeconds(1));
    api.call(
            HttpMethod.PUT,
            "/tokens/" + token + "/rules",
            Api.operator(),
            Map.of("maxHolders", 50, "reason", "Registration threshold"))
        .expectStatus()
        .isOk();
    clock.advance(Duration.ofSeconds(1)); // one action per instant: the order is by time
    api.call(
            HttpMethod.POST,
            "/tokens/" + token + "/transfers",
            Api.operator(),
            Map.of(
                "from", issuer, "to", "inv-" + UUID.randomUUID(), "quantity", 1, "reason", "Gift"))
        .expectStatus()
        .isAccepted();
    clock.advance(Duration.ofSeconds(1));
    halt(false);
    clock.advance(Duration.ofSeconds(1));
    resume();
    String subject = "?subject=" + token + "&from=" + before + "&limit=2";
    JsonNode first =
        Api.json(
            api.call(HttpMethod.GET, "/operator/audit" + subject, Api.operator(), null)
                .expectStatus()
                .isOk()
                .expectHeader()
                .value("Link", link -> assertThat(link).contains("rel=\"next\"")));
    assertThat(first).hasSize(2);
    assertThat(first.get(0).get("action").asString()).isEqualTo("market.resume");
    assertThat(first.get(1).get("action").asString()).isEqualTo("market.halt");
    assertThat(first.get(1).get("actor").asString()).isEqualTo(Api.OPERATOR);
    assertThat(first.get(1).get("reason").asString()).isEqualTo("Material news pending");
    String next =
        api.call(HttpMethod.GET, "/operator/audit" + subject, Api.operator(), null)
            .returnResult(String.class)
            .getResponseHeaders()
            .getFirst("Link");
    String cursor = next.substring(next.indexOf("cursor=") + 7, next.indexOf('>'));
    cursor = cursor.contains("&") ? cursor.substring(0, cursor.indexOf('&')) : cursor;
    JsonNode second = api.get("/operator/audit" + subject + "&cursor=" + cursor, Api.operator());
    assertThat(second).hasSize(2);
    assertThat(second.get(0).get("action").asString()).isEqualTo("transfer");
    assertThat(second.get(1).get("action").asString()).isEqualTo("rules.set");
    assertThat(second.get(1).get("actor").asString()).isEqualTo(Api.OPERATOR);
    // the window is audited under its own id, and a plain listing shows it
    JsonNode all = api.get("/operator/audit?from=" + before + "&limit=100", Api.operator());
    assertThat(all)
        .extracting(a -> a.get("action").asString())
        .contains("window.schedule", "rules.set", "transfer", "market.halt", "market.resume");
    // bad parameters are the platform's codes
    for (Map.Entry<String, String> bad :
        Map.of(
                "?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", "invalid-range",
                "?limit=0", "invalid-limit",
                "?cursor=nope", "invalid-cursor",
                "?from=yesterday", "invalid-parameter")
            .entrySet()) {
      JsonNode problem =
          Api.json(
              api.call(HttpMethod.GET, "/operator/audit" + bad.getKey(), Api.operator(), null)
                  .expectStatus()
                  .isBadRequest());
      assertThat(problem.get("code").asString()).as(bad.getKey()).isEqualTo(bad.getValue());
    }
  }
}
