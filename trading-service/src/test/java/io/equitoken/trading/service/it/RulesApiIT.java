package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.events.CloudEvents;
import io.equitoken.platform.test.EventContracts;
import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET/PUT /tokens/{tokenId}/rules} over HTTP on the real database and broker: versions
 * (every one kept, scheduled ones), validation, access, idempotency, the published event and
 * command, and the intake refusals order placement derives from the rules (422, nothing stored, no
 * cash reserved).
 */
class RulesApiIT extends TradingIntegrationTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private String issuer;
  private String token;

  @BeforeEach
  void token() {
    issuer = "founder-" + UUID.randomUUID();
    token = fixtures.tradableToken(issuer);
  }

  private String rulesPath() {
    return "/tokens/" + token + "/rules";
  }

  private static Map<String, Object> body(Object... pairs) {
    Map<String, Object> body = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      body.put((String) pairs[i], pairs[i + 1]);
    }
    body.putIfAbsent("reason", "Stay below the registration threshold");
    return body;
  }

  private JsonNode put(Map<String, Object> body) {
    return Api.json(
        api.call(HttpMethod.PUT, rulesPath(), Api.operator(), body).expectStatus().isOk());
  }

  private long versions() {
    return count("select count(*) from token_rules where token_id = $1", token);
  }

  @Test
  void shouldAnswerNoRulesBeforeTheFirstVersion() {
    JsonNode rules = api.get(rulesPath(), Api.investor("inv-" + UUID.randomUUID()));
    assertThat(rules.get("version").asLong()).isZero();
    assertThat(rules.get("rules").get("maxHolders").isNull()).isTrue();
    assertThat(rules.has("scheduled")).isFalse();
  }

  @Test
  void shouldKeepEveryVersionWithWhoWhenAndWhy() {
    // when
    JsonNode first = put(body("maxHolders", 99, "maxHoldingPercent", 1.5, "reason", "First"));
    JsonNode second = put(body("minOrderSize", 10, "blockedJurisdictions", List.of("KP", "IR")));
    // then
    assertThat(first.get("version").asLong()).isEqualTo(1);
    assertThat(first.get("rules").get("maxHolding").decimalValue())
        .as("1.5 % of a supply of 1,000,000")
        .isEqualByComparingTo("15000");
    assertThat(first.get("changedBy").asString()).isEqualTo(Api.OPERATOR);
    assertThat(second.get("version").asLong()).isEqualTo(2);
    assertThat(versions()).isEqualTo(2);
    assertThat(
            count(
                "select count(*) from token_rules where token_id = $1 and reason = 'First'", token))
        .isEqualTo(1);
    JsonNode now = api.get(rulesPath(), Api.token("someone", "partner"));
    assertThat(now.get("version").asLong()).isEqualTo(2);
    assertThat(now.get("rules").get("minOrderSize").decimalValue()).isEqualByComparingTo("10");
    assertThat(now.get("rules").get("blockedJurisdictions").toString())
        .isEqualTo("[\"IR\",\"KP\"]");
    assertThat(now.get("rules").get("maxHolders").isNull())
        .as("a version replaces, not merges")
        .isTrue();
  }

  @Test
  void shouldShowAScheduledVersionUntilItsTimeComes() {
    put(body("minOrderSize", 5));
    Instant later = clock.instant().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.MICROS);
    put(body("minOrderSize", 20, "effectiveAt", later.toString()));
    JsonNode before = api.get(rulesPath(), Api.investor("inv-x"));
    assertThat(before.get("version").asLong()).isEqualTo(1);
    assertThat(before.get("scheduled").get("version").asLong()).isEqualTo(2);
    assertThat(Instant.parse(before.get("scheduled").get("effectiveAt").asString()))
        .isEqualTo(later);
    clock.advance(Duration.ofHours(2));
    JsonNode after = api.get(rulesPath(), Api.investor("inv-x"));
    assertThat(after.get("version").asLong()).isEqualTo(2);
    assertThat(after.has("scheduled")).isFalse();
  }

  @Test
  void shouldReplayTheAnswerOfARepeatedIdempotencyKey() {
    String key = UUID.randomUUID().toString();
    Map<String, Object> body = body("maxHolders", 5);
    JsonNode first =
        Api.json(
            web.put()
                .uri(rulesPath())
                .headers(h -> h.setBearerAuth(Api.operator()))
                .header("Idempotency-Key", key)
                .bodyValue(body)
                .exchange()
                .expectStatus()
                .isOk());
    JsonNode again =
        Api.json(
            web.put()
                .uri(rulesPath())
                .headers(h -> h.setBearerAuth(Api.operator()))
                .header("Idempotency-Key", key)
                .bodyValue(body)
                .exchange()
                .expectStatus()
                .isOk());
    assertThat(again).isEqualTo(first);
    assertThat(versions()).isEqualTo(1);
  }

  @Test
  void shouldRefuseBadRulesWithProblemsAndStoreNothing() {
    List<Map<String, Object>> bad =
        List.of(
            body("maxHolders", 0),
            body("maxNonAccreditedHolders", -1),
            body("lockupDays", 0),
            body("allowedJurisdictions", List.of("de")),
            body("allowedJurisdictions", List.of("DE"), "blockedJurisdictions", List.of("DE")),
            body("maxHolding", 10, "maxHoldingPercent", 1),
            body("maxHoldingPercent", 101),
            body("maxHolding", 0.5),
            body("minOrderSize", 2000000),
            body("effectiveAt", clock.instant().minus(Duration.ofHours(1)).toString()),
            body("reason", " "),
            body("maxHolders", "many"),
            body("surprise", true));
    for (Map<String, Object> b : bad) {
      var response = api.call(HttpMethod.PUT, rulesPath(), Api.operator(), b);
      JsonNode problem =
          Api.json(
              response
                  .expectStatus()
                  .value(s -> assertThat(s).as(b.toString()).isIn(400, 422))
                  .expectHeader()
                  .contentType("application/problem+json"));
      assertThat(problem.get("code").asString()).as(b.toString()).isNotBlank();
    }
    assertThat(versions()).isZero();
  }

  @Test
  void shouldLetOnlyOperatorsSetRulesAndAnswer404ForUnknownTokens() {
    api.call(HttpMethod.PUT, rulesPath(), Api.investor("inv-x"), body("maxHolders", 1))
        .expectStatus()
        .isForbidden();
    api.call(HttpMethod.PUT, rulesPath(), Api.token(issuer, "founder"), body("maxHolders", 1))
        .expectStatus()
        .isForbidden();
    assertThat(versions()).isZero();
    String unknown = "/tokens/" + UUID.randomUUID() + "/rules";
    assertThat(
            Api.json(
                    api.call(HttpMethod.GET, unknown, Api.investor("inv-x"), null)
                        .expectStatus()
                        .isNotFound())
                .get("code")
                .asString())
        .isEqualTo("token-not-found");
    api.call(HttpMethod.PUT, unknown, Api.operator(), body("maxHolders", 1))
        .expectStatus()
        .isNotFound();
  }

  @Test
  void shouldPublishTheChangeAndTheMatcherCommand() {
    put(body("maxHolders", 7, "lockupDays", 30));
    List<ConsumerRecord<String, String>> changed =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(),
            "trading.events.v1",
            r ->
                token.equals(r.key())
                    && "equitoken.trading.token.rules.changed.v1"
                        .equals(KafkaRecords.header(r, "ce_type")),
            1,
            Duration.ofSeconds(60));
    assertThat(changed).hasSize(1);
    EventContracts.assertConforms(changed.get(0));
    JsonNode data = JSON.readTree(CloudEvents.fromRecord(changed.get(0)).dataJson());
    assertThat(data.get("rules").get("maxHolders").asLong()).isEqualTo(7);
    List<ConsumerRecord<String, String>> command =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(),
            "trading.orders.v1",
            r ->
                token.equals(r.key())
                    && "equitoken.trading.command.token.rules.v1"
                        .equals(KafkaRecords.header(r, "ce_type")),
            1,
            Duration.ofSeconds(60));
    assertThat(command).hasSize(1);
    EventContracts.assertConforms(command.get(0));
  }

  // ---- intake -------------------------------------------------------------------------------

  /**
   * Refused at intake: problem code {@code rule-x-y}, {@code rule} the matcher's {@code rule.x_y}.
   */
  private JsonNode refused(String investor, Map<String, Object> order, String rule) {
    String code = rule.replace('.', '-').replace('_', '-');
    long orders = count("select count(*) from trade_order where owner_id = $1", investor);
    JsonNode cashBefore = api.cash(investor);
    JsonNode problem =
        Api.json(
            api.call(HttpMethod.POST, "/trade", Api.investor(investor), order)
                .expectStatus()
                .isEqualTo(422)
                .expectHeader()
                .contentType("application/problem+json"));
    assertThat(problem.get("code").asString()).isEqualTo(code);
    assertThat(problem.get("rule").asString()).isEqualTo(rule);
    assertThat(problem.get("nextStep").asString()).isNotBlank();
    assertThat(count("select count(*) from trade_order where owner_id = $1", investor))
        .as("nothing stored")
        .isEqualTo(orders);
    assertThat(api.cash(investor).get("reserved"))
        .as("no cash reserved")
        .isEqualTo(cashBefore.get("reserved"));
    return problem;
  }

  @Test
  void shouldRefuseAtIntakeWhatTheRulesForbidOnTheInvestorsOwnFacts() {
    fixtures.openWindow(token);
    put(body("minOrderSize", 10, "accreditedOnly", true, "blockedJurisdictions", List.of("US")));
    String accreditedGerman = fixtures.approvedInvestor("DE", true);
    String plainGerman = fixtures.approvedInvestor("DE", false);
    String accreditedAmerican = fixtures.approvedInvestor("US", true);

    JsonNode small =
        refused(accreditedGerman, Api.order(token, "buy", 5, 2.5), "rule.min_order_size");
    assertThat(small.get("field").asString()).isEqualTo("quantity");
    refused(plainGerman, Api.order(token, "buy", 10, 2.5), "rule.accredited_only");
    refused(accreditedAmerican, Api.order(token, "buy", 10, 2.5), "rule.jurisdiction");

    // the investor who passes every rule is admitted, and the issuer sells whatever its facts
    api.place(Api.investor(accreditedGerman), Api.order(token, "buy", 10, 2.5));
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 10, 2.6));
  }

  @Test
  void shouldSendTheInvestorsKycFactsWithOrdersAndTransfers() {
    fixtures.openWindow(token);
    String investor = fixtures.approvedInvestor("FR", true);
    String order = api.place(Api.investor(investor), Api.order(token, "buy", 1, 2.5));
    assertThat(
            count(
                "select count(*) from outbox_event where event_type = $1"
                    + " and payload::jsonb->>'orderId' = $2"
                    + " and payload::jsonb->'investor'->>'jurisdiction' = 'FR'"
                    + " and (payload::jsonb->'investor'->>'accredited')::boolean",
                "equitoken.trading.command.order.place.v1",
                order))
        .isEqualTo(1);
    String transfer =
        Api.json(
                api.call(
                        HttpMethod.POST,
                        "/tokens/" + token + "/transfers",
                        Api.operator(),
                        Map.of("from", issuer, "to", investor, "quantity", 1, "reason", "Gift"))
                    .expectStatus()
                    .isAccepted())
            .get("transferId")
            .asString();
    assertThat(
            count(
                "select count(*) from outbox_event where event_type = $1"
                    + " and payload::jsonb->>'transferId' = $2"
                    + " and payload::jsonb->'toInvestor'->>'jurisdiction' = 'FR'",
                "equitoken.trading.command.transfer.v1",
                transfer))
        .isEqualTo(1);
  }
}
