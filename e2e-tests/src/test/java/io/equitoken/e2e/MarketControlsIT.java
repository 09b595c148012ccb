package io.equitoken.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The rules and controls a market runs under, as its users meet them through the gateway: an
 * operator puts a lock-up on a token, and an investor who just bought in the primary sale cannot
 * sell before it ends (the matcher rejects the resale with the rule's reason and the next step); an
 * operator halts a token, and orders are refused until it resumes, while subscribers hear of both.
 * Works on a token of the demo window that is open now, and leaves it as it found it.
 */
class MarketControlsIT extends ThroughTheGateway {

  MarketControlsIT(E2ePlatform e2e) {
    super(e2e);
  }

  @Test
  void shouldRefuseTheResaleOfTokensStillLockedUp() throws Exception {
    // given a token of the demo window that is open now
    OpenMarket open = openMarket();
    String operator = open.operator();
    String apiKey = open.apiKey();
    String secret = open.secret();
    String tokenId = open.tokenId();
    BigDecimal price = priceOf(tokenId, apiKey, secret);
    // and the operator's 30-day lock-up on what buyers acquire in it
    HttpResponse<String> rules =
        gateway.putJson(
            "/tokens/" + tokenId + "/rules",
            operator,
            "{\"lockupDays\":30,\"lockupAllPurchases\":true,\"reason\":\"e2e lock-up\"}");
    assertThat(rules.statusCode()).as(rules.body()).isEqualTo(200);
    try {
      // and the investor's buy of 5 from the issuer, filled
      String buy =
          place(
              tokenOf(apiKey, secret),
              tokenId,
              "buy",
              5,
              price.multiply(BigDecimal.valueOf(2)).setScale(2, RoundingMode.DOWN));
      awaitStatus(buy, apiKey, secret, "filled");

      // when they offer those 5 again at once
      String resale =
          place(
              tokenOf(apiKey, secret),
              tokenId,
              "sell",
              5,
              price.multiply(BigDecimal.valueOf(3)).setScale(2, RoundingMode.DOWN));

      // then the matcher rejects the resale with the lock-up's reason and what to do
      JsonNode rejected = awaitStatus(resale, apiKey, secret, "rejected");
      assertThat(rejected.get("reason").get("code").asString()).isEqualTo("rule.lockup");
      assertThat(rejected.get("reason").get("nextStep").asString()).isNotBlank();
    } finally {
      HttpResponse<String> lifted =
          gateway.putJson(
              "/tokens/" + tokenId + "/rules", operator, "{\"reason\":\"e2e lock-up lifted\"}");
      assertThat(lifted.statusCode()).as(lifted.body()).isEqualTo(200);
    }
  }

  @Test
  void shouldRefuseOrdersWhileAnOperatorHaltsATokenAndTellSubscribers() throws Exception {
    // given a token of the demo window that is open now
    OpenMarket open = openMarket();
    String operator = open.operator();
    String apiKey = open.apiKey();
    String secret = open.secret();
    String tokenId = open.tokenId();
    BigDecimal limit = priceOf(tokenId, apiKey, secret).multiply(BigDecimal.valueOf(2));
    // and a partner subscribed to halts
    String partnerKey = apiKeyFor("partner-halt-e2e-" + UUID.randomUUID(), "partner");
    String whsec =
        subscribe(
            tokenOf(
                partnerKey.substring(0, partnerKey.indexOf(' ')),
                partnerKey.substring(partnerKey.indexOf(' ') + 1)),
            receiver.url(),
            "market.halted",
            "market.resumed");

    // when the operator halts the token
    HttpResponse<String> halted =
        gateway.postJson(
            "/tokens/" + tokenId + "/halt",
            operator,
            "{\"reason\":\"e2e: material news pending\"}",
            Map.of("Idempotency-Key", UUID.randomUUID().toString()));
    assertThat(halted.statusCode()).as(halted.body()).isEqualTo(200);
    try {
      // then anyone reads the market as halted, with the reason
      JsonNode market =
          json.readTree(
              gateway.get("/tokens/" + tokenId + "/market", tokenOf(apiKey, secret)).body());
      assertThat(market.get("status").asString()).isEqualTo("halted");
      assertThat(market.get("reason").asString()).isEqualTo("e2e: material news pending");
      // and the investor's buy is refused at once, naming the halt
      HttpResponse<String> refused =
          gateway.postJson("/trade", tokenOf(apiKey, secret), order(tokenId, "buy", 1, limit));
      expectProblem(refused, 422, "market-halted");
      // and the partner's receiver gets the halt, signed for its subscription
      JsonNode delivery = awaitDelivery("market.halted", "tokenId", tokenId, whsec);
      assertThat(delivery.get("data").has("haltedBy"))
          .as("the operator is not disclosed")
          .isFalse();
    } finally {
      HttpResponse<String> resumed =
          gateway.postJson(
              "/tokens/" + tokenId + "/resume",
              operator,
              "{\"reason\":\"e2e: news published\"}",
              Map.of("Idempotency-Key", UUID.randomUUID().toString()));
      assertThat(resumed.statusCode()).as(resumed.body()).isEqualTo(200);
    }
    // and once resumed, the same buy is accepted again
    place(tokenOf(apiKey, secret), tokenId, "buy", 1, limit);
  }

  private String place(String bearer, String tokenId, String side, int quantity, BigDecimal limit)
      throws InterruptedException {
    String order = order(tokenId, side, quantity, limit);
    return eventually(
        () -> {
          HttpResponse<String> r =
              gateway.postJson(
                  "/trade", bearer, order, Map.of("Idempotency-Key", UUID.randomUUID().toString()));
          assertThat(r.statusCode()).as(r.body()).isEqualTo(202);
          return json.readTree(r.body()).get("tradeId").asString();
        });
  }

  private JsonNode awaitStatus(String tradeId, String apiKey, String secret, String status)
      throws InterruptedException {
    return eventually(
        () -> {
          JsonNode s =
              json.readTree(
                  gateway.get("/trade/status/" + tradeId, tokenOf(apiKey, secret)).body());
          return status.equals(s.get("status").asString()) ? s : null;
        });
  }

  private static String order(String tokenId, String side, int quantity, BigDecimal limit) {
    return "{\"tokenId\":\""
        + tokenId
        + "\",\"type\":\""
        + side
        + "\",\"quantity\":"
        + quantity
        + ",\"maxPrice\":"
        + limit.setScale(2, RoundingMode.DOWN).toPlainString()
        + "}";
  }
}
