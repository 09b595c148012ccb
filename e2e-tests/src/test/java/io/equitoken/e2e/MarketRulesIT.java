package io.equitoken.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The rules a market runs under, as its users meet them through the gateway: an operator puts a
 * lock-up on a token, and an investor who just bought in the primary sale cannot sell before it
 * ends — the matcher rejects the resale with the rule's reason and the next step. Works on a token
 * of its own demo window's, and lifts its rules again at the end.
 */
class MarketRulesIT extends ThroughTheGateway {

  MarketRulesIT(E2ePlatform e2e) {
    super(e2e);
  }

  @Test
  void shouldRefuseTheResaleOfTokensStillLockedUp() throws Exception {
    String operator =
        token("demo-operator", "demo-operator-secret-change-me").get("accessToken").asString();
    String key = apiKeyFor(DEMO_INVESTOR, "investor");
    String apiKey = key.substring(0, key.indexOf(' '));
    String secret = key.substring(key.indexOf(' ') + 1);
    // given a token of the demo window that is open now
    JsonNode window =
        eventually(
            () -> {
              HttpResponse<String> r =
                  gateway.get("/liquidity/windows?status=open", tokenOf(apiKey, secret));
              assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
              for (JsonNode w : json.readTree(r.body())) {
                if (!w.get("tokenIds").isEmpty()) {
                  return w;
                }
              }
              return null;
            });
    String tokenId = window.get("tokenIds").get(0).asString();
    BigDecimal price =
        json.readTree(gateway.get("/tokens/" + tokenId, tokenOf(apiKey, secret)).body())
            .get("price")
            .decimalValue();
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

  private String place(String bearer, String tokenId, String side, int quantity, BigDecimal limit)
      throws InterruptedException {
    String order =
        "{\"tokenId\":\""
            + tokenId
            + "\",\"type\":\""
            + side
            + "\",\"quantity\":"
            + quantity
            + ",\"maxPrice\":"
            + limit.toPlainString()
            + "}";
    return eventually(
        () -> {
          HttpResponse<String> r =
              gateway.postJson(
                  "/trade",
                  bearer,
                  order,
                  java.util.Map.of("Idempotency-Key", UUID.randomUUID().toString()));
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
}
