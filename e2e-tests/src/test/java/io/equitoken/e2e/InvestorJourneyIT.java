package io.equitoken.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/**
 * An investor's buy from end to end, with the demo data: a demo investor whose KYC compliance
 * approved buys from the issuer in the demo window that is open now, pays for it from its cash,
 * sees the order filled, the holding in the portfolio and the valuation history, and a partner's
 * receiver gets the signed events; then one trace is followed from the gateway to the consumers.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class InvestorJourneyIT extends ThroughTheGateway {

  /** The client's trace of the request that schedules the short window (test 1). */
  private final String windowTrace = randomHex(16);

  private boolean windowScheduled;

  InvestorJourneyIT(E2ePlatform e2e) {
    super(e2e);
  }

  @Test
  @Order(1)
  void shouldFillAnApprovedInvestorsBuyFromTheIssuerAndShowItInThePortfolio()
      throws InterruptedException {
    // given the demo investor whose KYC compliance approved, with a key of their own
    String key = apiKeyFor(DEMO_INVESTOR, "investor");
    String secret = key.substring(key.indexOf(' ') + 1);
    String apiKey = key.substring(0, key.indexOf(' '));
    // and the demo window that is open now, with the issuer's offers resting in it
    JsonNode window = openDemoWindow(apiKey, secret);
    String tokenId = window.get("tokenIds").get(0).asString();
    BigDecimal limit =
        priceOf(tokenId, apiKey, secret)
            .multiply(BigDecimal.valueOf(2))
            .setScale(2, RoundingMode.DOWN);
    // and a webhook subscription of theirs for window openings and trades
    String whsec =
        subscribe(tokenOf(apiKey, secret), receiver.url(), "window.opened", "trade.executed");
    // and an operator's window on a token that is free now, opening in a few seconds
    String windowOpened = scheduleShortWindowOnAFreeToken(tokenOf(apiKey, secret));

    // when they buy 10 (retried while trading still applies the demo facts: gates answer 403)
    String order =
        "{\"tokenId\":\""
            + tokenId
            + "\",\"type\":\"buy\",\"quantity\":10,\"maxPrice\":"
            + limit.toPlainString()
            + "}";
    JsonNode accepted =
        eventually(
            () -> {
              HttpResponse<String> r = gateway.postJson("/trade", tokenOf(apiKey, secret), order);
              if (r.statusCode() == 403) {
                // kept as the last failure, so a gate that never opens names itself
                throw new AssertionError("still refused: " + r.body());
              }
              assertThat(r.statusCode()).as(r.body()).isEqualTo(202);
              return json.readTree(r.body());
            });
    String tradeId = accepted.get("tradeId").asString();
    assertThat(accepted.get("windowId").asString()).isEqualTo(window.get("id").asString());

    // then the order is filled at the issuer's price, at most the limit
    JsonNode filled =
        eventually(
            () -> {
              JsonNode s =
                  json.readTree(
                      gateway.get("/trade/status/" + tradeId, tokenOf(apiKey, secret)).body());
              return "filled".equals(s.get("status").asString()) ? s : null;
            });
    assertThat(filled.get("filledQuantity").decimalValue()).isEqualByComparingTo("10");
    assertThat(filled.get("averagePrice").decimalValue()).isLessThanOrEqualTo(limit);
    assertThat(filled.get("fills")).hasSize(1);

    // and the transactions list the purchase from the issuer, with the matcher's trade id
    String matchedTrade = filled.get("fills").get(0).get("tradeId").asString();
    JsonNode purchase =
        eventually(
            () -> {
              for (JsonNode t : transactions(tokenOf(apiKey, secret), tokenId)) {
                if (matchedTrade.equals(t.get("tradeId").asString())) {
                  return t;
                }
              }
              return null;
            });
    assertThat(purchase.get("type").asString()).isEqualTo("purchase");
    assertThat(purchase.get("quantity").decimalValue()).isEqualByComparingTo("10");
    assertThat(purchase.get("price").decimalValue())
        .isEqualByComparingTo(filled.get("averagePrice").decimalValue());

    // and the buyer paid exactly the fill from its cash, and the issuer received it (no fee is
    // configured locally): both legs of the same trade id, once each
    BigDecimal paid =
        filled
            .get("fills")
            .get(0)
            .get("price")
            .decimalValue()
            .multiply(filled.get("fills").get(0).get("quantity").decimalValue());
    JsonNode bought =
        eventually(
            () -> cashLine(tokenOf(apiKey, secret), "/cash/transactions?type=buy", matchedTrade));
    assertThat(bought.get("amount").decimalValue()).isEqualByComparingTo(paid.negate());
    assertThat(bought.get("currency").asString()).isEqualTo("USD");
    String operatorToken =
        token("demo-operator", "demo-operator-secret-change-me").get("accessToken").asString();
    JsonNode sold =
        eventually(
            () ->
                cashLine(
                    operatorToken,
                    "/cash/accounts/" + DEMO_ISSUER + "/transactions?type=sell",
                    matchedTrade));
    assertThat(sold.get("amount").decimalValue()).isEqualByComparingTo(paid);
    JsonNode orderCash =
        json.readTree(gateway.get("/trade/status/" + tradeId, tokenOf(apiKey, secret)).body())
            .get("cash");
    assertThat(orderCash.get("spent").decimalValue()).isEqualByComparingTo(paid);
    JsonNode books = json.readTree(gateway.get("/cash/summary", operatorToken).body());
    assertThat(books.get("balanced").asBoolean()).as(books.toString()).isTrue();
    // and a buy beyond the available cash is refused at once, naming the cash reason
    HttpResponse<String> unfunded =
        gateway.postJson(
            "/trade",
            tokenOf(apiKey, secret),
            "{\"tokenId\":\""
                + tokenId
                + "\",\"type\":\"buy\",\"quantity\":400000,\"maxPrice\":"
                + limit.toPlainString()
                + "}");
    assertThat(unfunded.statusCode()).as(unfunded.body()).isEqualTo(422);
    assertThat(json.readTree(unfunded.body()).get("code").asString())
        .isEqualTo("insufficient-funds");

    // and the portfolio, built from trading's events, holds what the transactions add up to
    // (the demo market's earlier purchases arrive meanwhile, so no "before" is taken)
    BigDecimal held =
        eventually(
            () -> {
              BigDecimal h = holding(tokenOf(apiKey, secret), tokenId);
              BigDecimal sum = BigDecimal.ZERO;
              for (JsonNode t : transactions(tokenOf(apiKey, secret), tokenId)) {
                sum = sum.add(signed(t));
              }
              return h.compareTo(sum) == 0 && h.compareTo(BigDecimal.TEN) >= 0 ? h : null;
            });

    // and the valuation history has a point for it, holding the new quantity
    Instant executedAt = Instant.parse(filled.get("fills").get(0).get("executedAt").asString());
    HttpResponse<String> history =
        gateway.get(
            "/investor/valuation-history?interval=event&from="
                + executedAt.minusSeconds(60)
                + "&to="
                + Instant.now().plusSeconds(60),
            tokenOf(apiKey, secret));
    assertThat(history.statusCode()).as(history.body()).isEqualTo(200);
    boolean pointWithPurchase = false;
    for (JsonNode point : json.readTree(history.body()).get("points")) {
      for (JsonNode h : point.get("holdings")) {
        if (tokenId.equals(h.get("tokenId").asString())
            && h.get("quantity").decimalValue().compareTo(BigDecimal.TEN) >= 0
            && !Instant.parse(point.get("at").asString()).isBefore(executedAt)) {
          pointWithPurchase = true;
        }
      }
    }
    assertThat(pointWithPurchase).as(history.body()).isTrue();

    // and the receiver got both events, signed and verifiable with the Standard Webhooks library
    JsonNode trade = awaitDelivery("trade.executed", "tradeId", matchedTrade, whsec);
    assertThat(trade.get("data").has("buyerId")).as("the buyer is not disclosed").isFalse();
    assertThat(trade.get("data").has("sellerId")).as("the seller is not disclosed").isFalse();
    awaitDelivery("window.opened", "windowId", windowOpened, whsec);

    // and another investor does not see the order
    assertThat(gateway.get("/trade/status/" + tradeId, investorToken()).statusCode())
        .isEqualTo(404);
  }

  /** The caller's (or, for an operator, the account's) cash line of one trade, or null. */
  private JsonNode cashLine(String bearer, String path, String tradeId) {
    HttpResponse<String> r = gateway.get(path + "&limit=100", bearer);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    for (JsonNode line : json.readTree(r.body())) {
      if (tradeId.equals(line.path("tradeId").asString(null))) {
        return line;
      }
    }
    return null;
  }

  @Test
  @Order(2)
  void shouldFollowOneTraceFromAGatewayRequestToTheConsumersOfItsEvent()
      throws InterruptedException {
    // given the operator's request that scheduled a window in test 1, sent in a trace of the
    // client's own (a sampled W3C traceparent)
    assertThat(windowScheduled).as("test 1 scheduled its window").isTrue();

    // then that one trace id reached the gateway, trading-service (which wrote window.scheduled
    // to its outbox and relayed it with the trace's traceparent header) and both consumers of
    // trading.events.v1, each of which exported a span of it over OTLP
    for (String service :
        List.of("gateway", "trading-service", "portfolio-service", "webhook-service")) {
      eventually(
          () -> {
            assertThat(traces.sawSpan(service, windowTrace))
                .as("a span of %s in trace %s", service, windowTrace)
                .isTrue();
            return service;
          });
    }
  }

  /**
   * As the demo operator, a continuous window opening in 20 seconds for three minutes, on a token
   * of the demo market that no window covers now; answers its id.
   */
  private String scheduleShortWindowOnAFreeToken(String bearer) {
    HttpResponse<String> all = gateway.get("/liquidity/windows?status=scheduled", bearer);
    assertThat(all.statusCode()).as(all.body()).isEqualTo(200);
    String token = null;
    for (JsonNode w : json.readTree(all.body())) {
      if (!w.get("tokenIds").isEmpty()) {
        token = w.get("tokenIds").get(0).asString();
      }
    }
    assertThat(token).as("a demo token whose window is later: " + all.body()).isNotNull();
    // far enough ahead that a slow, loaded machine still schedules it in the future
    Instant opens =
        Instant.now().plusSeconds(20).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    HttpResponse<String> created =
        gateway.postJson(
            "/liquidity/windows",
            token("demo-operator", "demo-operator-secret-change-me").get("accessToken").asString(),
            "{\"tokenIds\":[\""
                + token
                + "\"],\"mechanism\":\"continuous\",\"opens\":\""
                + opens
                + "\",\"closes\":\""
                + opens.plus(Duration.ofMinutes(3))
                + "\"}",
            Map.of("traceparent", "00-" + windowTrace + "-" + randomHex(8) + "-01"));
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    windowScheduled = true;
    return json.readTree(created.body()).get("id").asString();
  }

  private static String randomHex(int bytes) {
    byte[] random = new byte[bytes];
    ThreadLocalRandom.current().nextBytes(random);
    random[0] |= 1; // never all zero, which W3C trace context forbids
    return HexFormat.of().formatHex(random);
  }

  /** The caller's transactions in {@code tokenId} (first page, newest first). */
  private List<JsonNode> transactions(String bearer, String tokenId) {
    HttpResponse<String> r =
        gateway.get("/investor/transactions?limit=100&tokenId=" + tokenId, bearer);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    List<JsonNode> items = new ArrayList<>();
    json.readTree(r.body()).forEach(items::add);
    return items;
  }

  /** What a transaction adds to the holding. */
  private static BigDecimal signed(JsonNode t) {
    BigDecimal q = t.get("quantity").decimalValue();
    String type = t.get("type").asString();
    boolean out =
        type.equals("sale")
            || type.equals("transfer_out")
            || (type.equals("trade") && "sell".equals(t.path("side").asString()));
    return out ? q.negate() : q;
  }

  /** The quantity of {@code tokenId} in the caller's portfolio, zero when none. */
  private BigDecimal holding(String bearer, String tokenId) {
    HttpResponse<String> r = gateway.get("/investor/portfolio", bearer);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    for (JsonNode h : json.readTree(r.body()).get("holdings")) {
      if (tokenId.equals(h.get("tokenId").asString())) {
        return h.get("quantity").decimalValue();
      }
    }
    return BigDecimal.ZERO;
  }
}
