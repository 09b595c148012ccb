package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.EventContracts;
import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Freezing and unfreezing an investor end to end, with the embedded matcher: the freeze cancels the
 * investor's resting orders on every token (releasing a buy's cash), refuses their orders and
 * transfers out (at intake, and in the matcher when intake was raced) and leaves their holdings and
 * cash alone; an unfreeze lets them trade again; both audited, published and idempotent.
 */
class InvestorFreezeIT extends MatcherIntegrationTest {

  @DynamicPropertySource
  static void matcher(DynamicPropertyRegistry registry) {
    registerMatcher(registry, "trading_freeze", "freeze-it");
  }

  private String other;

  @BeforeEach
  void market() {
    other = fixtures.tradableToken(issuer);
    fixtures.openWindow(token, other);
  }

  private JsonNode post(String uri, String reason, int status) {
    return Api.json(
        api.call(HttpMethod.POST, uri, Api.operator(), Map.of("reason", reason))
            .expectStatus()
            .isEqualTo(status));
  }

  @Test
  void shouldCancelAFrozenInvestorsRestingOrdersOnEveryTokenAndKeepTheirHoldingAndCash() {
    // given an investor holding 10 of one token, a resting sell of it and a resting buy of another
    String founder = Api.token(issuer, "founder");
    api.place(founder, Api.order(token, "sell", 10, 2.5));
    String investor = fixtures.approvedInvestor();
    String bearer = Api.investor(investor);
    fixtures.awaitStatus(api.place(bearer, Api.order(token, "buy", 10, 2.5)), bearer, "filled");
    String sell = api.place(bearer, Api.order(token, "sell", 4, 9));
    String buy = api.place(bearer, Api.order(other, "buy", 5, 2));
    fixtures.awaitStatus(sell, bearer, "open");
    fixtures.awaitStatus(buy, bearer, "open");
    String bystander = fixtures.approvedInvestor();
    String untouched = api.place(Api.investor(bystander), Api.order(other, "buy", 5, 2));
    fixtures.awaitStatus(untouched, Api.investor(bystander), "open");
    java.math.BigDecimal balance = api.cash(investor).get("balance").decimalValue();

    // when an operator freezes the investor
    JsonNode frozen = post("/investors/" + investor + "/freeze", "Court order 2026-114", 200);
    assertThat(frozen.get("frozen").asBoolean()).isTrue();

    // then both resting orders are cancelled with the freeze's reason, the buy's cash released
    assertThat(fixtures.awaitStatus(sell, bearer, "cancelled").get("reason").get("code").asString())
        .isEqualTo("investor.frozen");
    assertThat(fixtures.awaitStatus(buy, bearer, "cancelled").get("reason").get("code").asString())
        .isEqualTo("investor.frozen");
    fixtures.awaitNothingReserved(investor);
    assertThat(api.cash(investor).get("balance").decimalValue()).isEqualByComparingTo(balance);
    assertThat(
            api.get("/trade/status/" + untouched, Api.investor(bystander)).get("status").asString())
        .isEqualTo("open");
    // new orders and transfers out are refused at intake, storing nothing
    JsonNode refused =
        Api.json(
            api.call(HttpMethod.POST, "/trade", bearer, Api.order(token, "sell", 1, 2.5))
                .expectStatus()
                .isEqualTo(422));
    assertThat(refused.get("code").asString()).isEqualTo("investor-frozen");
    assertThat(refused.get("reason").asString()).isEqualTo("investor.frozen");
    JsonNode out =
        Api.json(
            api.call(
                    HttpMethod.POST,
                    "/tokens/" + token + "/transfers",
                    Api.operator(),
                    Map.of("from", investor, "to", bystander, "quantity", 1, "reason", "Gift"))
                .expectStatus()
                .isEqualTo(422));
    assertThat(out.get("code").asString()).isEqualTo("investor-frozen");
    assertThat(out.get("field").asString()).isEqualTo("from");
    // the holding stays: 10 tokens, as portfolio would see it
    fixtures.awaitHolding(token, investor, 10);
    post("/investors/" + investor + "/freeze", "again", 409);
    assertThat(
            count(
                "select count(*) from operator_action where action = 'investor.freeze'"
                    + " and subject_type = 'investor' and subject_id = $1 and actor = $2",
                investor,
                Api.OPERATOR))
        .isEqualTo(1);
  }

  @Test
  void shouldLetTheMatcherRefuseAnOrderIntakeAcceptedBeforeItKnewOfTheFreeze() {
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 100, 2.5));
    String investor = fixtures.approvedInvestor();
    post("/investors/" + investor + "/freeze", "Court order", 200);
    // intake that read its facts before the freeze committed: the matcher must still refuse
    db.sql("update investor_freeze set frozen = false where investor_id = :i")
        .bind("i", investor)
        .then()
        .block(Duration.ofSeconds(10));
    String late = api.place(Api.investor(investor), Api.order(token, "buy", 10, 2.5));
    JsonNode rejected = fixtures.awaitStatus(late, Api.investor(investor), "rejected");
    assertThat(rejected.get("reason").get("code").asString()).isEqualTo("investor.frozen");
    assertThat(rejected.get("reason").get("nextStep").asString()).contains("froze");
    assertThat(count("select count(*) from executed_trade where token_id = $1", token)).isZero();
  }

  @Test
  void shouldLetAnUnfrozenInvestorTradeAgainAndPublishBoth() {
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 100, 2.5));
    String investor = fixtures.approvedInvestor();
    String key = "freeze-" + UUID.randomUUID();
    api.postWithKey(
            "/investors/" + investor + "/freeze", Api.operator(), Map.of("reason", "Review"), key)
        .expectStatus()
        .isOk();
    api.postWithKey(
            "/investors/" + investor + "/freeze", Api.operator(), Map.of("reason", "Review"), key)
        .expectStatus()
        .isOk()
        .expectHeader()
        .valueEquals("Idempotent-Replayed", "true");
    assertThat(
            api.get("/investors/" + investor + "/freeze", Api.operator()).get("frozen").asBoolean())
        .isTrue();
    JsonNode unfrozen = post("/investors/" + investor + "/unfreeze", "Review closed", 200);
    assertThat(unfrozen.get("frozen").asBoolean()).isFalse();
    post("/investors/" + investor + "/unfreeze", "again", 409);
    String bought = api.place(Api.investor(investor), Api.order(token, "buy", 10, 2.5));
    fixtures.awaitStatus(bought, Api.investor(investor), "filled");
    for (String type :
        List.of("equitoken.trading.investor.frozen.v1", "equitoken.trading.investor.unfrozen.v1")) {
      List<ConsumerRecord<String, String>> records =
          KafkaRecords.consume(
              TestInfrastructure.kafkaBootstrapServers(),
              "trading.events.v1",
              r -> investor.equals(r.key()) && type.equals(KafkaRecords.header(r, "ce_type")),
              1,
              Duration.ofSeconds(60));
      assertThat(records).as(type).hasSize(1);
      EventContracts.assertConforms(records.get(0));
    }
    for (String type :
        List.of(
            "equitoken.trading.command.investor.freeze.v1",
            "equitoken.trading.command.investor.unfreeze.v1")) {
      List<ConsumerRecord<String, String>> records =
          KafkaRecords.consume(
              TestInfrastructure.kafkaBootstrapServers(),
              "trading.orders.v1",
              r ->
                  token.equals(r.key())
                      && type.equals(KafkaRecords.header(r, "ce_type"))
                      && r.value().contains(investor),
              1,
              Duration.ofSeconds(60));
      assertThat(records).as(type).hasSize(1);
      EventContracts.assertConforms(records.get(0));
    }
    assertThat(
            count(
                "select count(*) from operator_action where subject_id = $1"
                    + " and action in ('investor.freeze', 'investor.unfreeze')",
                investor))
        .isEqualTo(2);
  }

  @Test
  void shouldRefuseBadFreezesWithProblemsAndRecordNothing() {
    String investor = "inv-" + UUID.randomUUID();
    JsonNode blank = post("/investors/" + investor + "/freeze", " ", 400);
    assertThat(blank.get("code").asString()).isEqualTo("invalid-reason");
    api.call(
            HttpMethod.POST,
            "/investors/" + investor + "/freeze",
            Api.investor(investor),
            Map.of("reason", "x"))
        .expectStatus()
        .isForbidden();
    assertThat(count("select count(*) from operator_action where subject_id = $1", investor))
        .isZero();
    assertThat(
            api.get("/investors/" + investor + "/freeze", Api.operator()).get("frozen").asBoolean())
        .isFalse();
  }
}
