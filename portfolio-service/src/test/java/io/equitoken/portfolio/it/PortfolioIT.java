package io.equitoken.portfolio.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The investor's answers, built from events shaped like the contract examples: a token issued at
 * 12.5, Alice buying 100 from the issuer, 50 from Bob at 13.1, selling 30 to Bob at 14.
 */
class PortfolioIT extends PortfolioIntegrationBase {

  private static final Instant T0 = Instant.parse("2026-10-05T09:00:00Z");

  private String token;
  private String founder;
  private String alice;
  private String bob;
  private String startup;

  @BeforeEach
  void aliceTrades() {
    token = UUID.randomUUID().toString();
    founder = "founder-" + UUID.randomUUID();
    alice = "inv-alice-" + UUID.randomUUID();
    bob = "inv-bob-" + UUID.randomUUID();
    startup = "Nova Ledger " + UUID.randomUUID();
    market.issue(token, startup, founder, 1000, "12.5", T0);
    market.trade(token, alice, founder, 100, "12.5", true, T0.plusSeconds(3600));
    market.trade(token, bob, founder, 200, "12.5", true, T0.plusSeconds(2 * 3600));
    market.trade(token, alice, bob, 50, "13.1", false, T0.plusSeconds(26 * 3600));
    market.price(token, "13.1", T0.plusSeconds(26 * 3600));
    market.trade(token, bob, alice, 30, "14", false, T0.plusSeconds(50 * 3600));
    market.price(token, "14", T0.plusSeconds(50 * 3600));
    awaitQuantity(alice, "120");
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                api.portfolio(alice)
                        .get("holdings")
                        .get(0)
                        .get("currentPrice")
                        .decimalValue()
                        .compareTo(new BigDecimal("14"))
                    == 0);
  }

  @Test
  void shouldShowTheHoldingWithValueQuantityTimesPriceAndAverageCost() {
    // when Alice reads her portfolio
    JsonNode portfolio = api.portfolio(alice);

    // then it has the spec's fields, the value is quantity × last trade price, cost is averaged
    assertThat(portfolio.get("investorId").asString()).isEqualTo(alice);
    JsonNode holding = portfolio.get("holdings").get(0);
    assertThat(portfolio.get("holdings")).hasSize(1);
    assertThat(holding.get("tokenId").asString()).isEqualTo(token);
    assertThat(holding.get("startup").asString()).isEqualTo(startup);
    assertThat(holding.get("quantity").decimalValue()).isEqualByComparingTo("120");
    assertThat(holding.get("availableQuantity").decimalValue()).isEqualByComparingTo("120");
    assertThat(holding.get("currentPrice").decimalValue()).isEqualByComparingTo("14");
    assertThat(holding.get("currentValue").decimalValue()).isEqualByComparingTo("1680");
    // 100 × 12.5 + 50 × 13.1 = 1905 for 150; 30 sold at the average 12.7 leaves 1524
    assertThat(holding.get("costBasis").decimalValue()).isEqualByComparingTo("1524");
    assertThat(holding.get("averageCost").decimalValue()).isEqualByComparingTo("12.7");
    assertThat(holding.get("unrealizedPnl").decimalValue()).isEqualByComparingTo("156");
    assertThat(portfolio.get("totalValue").decimalValue()).isEqualByComparingTo("1680");
    assertThat(portfolio.get("totalCostBasis").decimalValue()).isEqualByComparingTo("1524");
    assertThat(portfolio.get("totalUnrealizedPnl").decimalValue()).isEqualByComparingTo("156");
    assertThat(portfolio.get("asOf").asString()).isEqualTo(T0.plusSeconds(50 * 3600).toString());
  }

  @Test
  void shouldShowTheIssuersRemainingSupplyToTheFounder() {
    JsonNode portfolio =
        api.ok(
            "/investor/portfolio",
            io.equitoken.platform.test.TestJwtIssuer.token(founder, "founder"));

    JsonNode holding = portfolio.get("holdings").get(0);
    assertThat(holding.get("quantity").decimalValue()).isEqualByComparingTo("700");
    assertThat(holding.get("currentValue").decimalValue()).isEqualByComparingTo("9800");
  }

  @Test
  void shouldListTransactionsNewestFirstWithoutTheCounterparty() {
    // when Alice lists her transactions
    String body =
        new String(
            api.bytes("/investor/transactions", Api.investor(alice)),
            java.nio.charset.StandardCharsets.UTF_8);
    JsonNode list = api.transactions(alice, "");

    // then: her sale, her secondary buy, her purchase from the issuer
    assertThat(list).hasSize(3);
    assertThat(list.get(0).get("type").asString()).isEqualTo("trade");
    assertThat(list.get(0).get("side").asString()).isEqualTo("sell");
    assertThat(list.get(0).get("quantity").decimalValue()).isEqualByComparingTo("30");
    assertThat(list.get(0).get("price").decimalValue()).isEqualByComparingTo("14");
    assertThat(list.get(0).get("amount").decimalValue()).isEqualByComparingTo("420");
    assertThat(list.get(0).get("tradeId").asString()).isNotBlank();
    assertThat(list.get(0).get("windowId").asString()).isNotBlank();
    assertThat(list.get(0).get("startup").asString()).isEqualTo(startup);
    assertThat(list.get(0).get("occurredAt").asString())
        .isEqualTo(T0.plusSeconds(50 * 3600).toString());
    assertThat(list.get(1).get("side").asString()).isEqualTo("buy");
    assertThat(list.get(2).get("type").asString()).isEqualTo("purchase");
    assertThat(list.get(2).has("side")).isFalse();
    assertThat(list.get(2).get("amount").decimalValue()).isEqualByComparingTo("1250");
    // and never who was on the other side
    assertThat(body).doesNotContain(bob).doesNotContain(founder);
  }

  @Test
  void shouldFilterTransactionsByTypeTokenAndTime() {
    assertThat(api.transactions(alice, "?type=purchase")).hasSize(1);
    assertThat(api.transactions(alice, "?type=trade")).hasSize(2);
    assertThat(api.transactions(alice, "?type=sale")).isEmpty();
    assertThat(api.transactions(founder, "?type=issuance")).hasSize(1);
    assertThat(api.transactions(founder, "?type=sale")).hasSize(2);
    assertThat(api.transactions(alice, "?tokenId=" + token)).hasSize(3);
    assertThat(api.transactions(alice, "?tokenId=" + UUID.randomUUID())).isEmpty();
    // from inclusive, to exclusive
    assertThat(
            api.transactions(
                alice, "?from=" + T0.plusSeconds(26 * 3600) + "&to=" + T0.plusSeconds(50 * 3600)))
        .hasSize(1);
  }

  @Test
  void shouldPageTransactionsWithACursorInTheLinkHeader() {
    List<String> ids = new ArrayList<>();
    String uri = "/investor/transactions?limit=2";
    for (int page = 0; page < 5 && uri != null; page++) {
      var result =
          api.get(uri, Api.investor(alice)).expectStatus().isOk().expectBody().returnResult();
      Api.parse(result.getResponseBody()).forEach(t -> ids.add(t.get("id").asString()));
      String link = result.getResponseHeaders().getFirst("Link");
      uri = link == null ? null : link.substring(1, link.indexOf('>'));
    }
    assertThat(ids).hasSize(3).doesNotHaveDuplicates();
    assertThat(ids)
        .isEqualTo(
            api.transactions(alice, "").findValues("id").stream().map(JsonNode::asString).toList());
  }

  @Test
  void shouldCarryTheValuationForwardDayByDay() {
    // when Alice reads four days of daily valuations
    JsonNode history =
        api.ok(
            "/investor/valuation-history?from="
                + T0
                + "&to="
                + T0.plusSeconds(4 * 86400)
                + "&interval=day",
            Api.investor(alice));

    // then: a point at each midnight after her first purchase and at `to`, carried forward
    JsonNode points = history.get("points");
    assertThat(history.get("interval").asString()).isEqualTo("day");
    assertThat(points).hasSize(5);
    assertThat(points.get(0).get("at").asString()).isEqualTo("2026-10-06T00:00:00Z");
    assertThat(points.get(0).get("totalValue").decimalValue()).isEqualByComparingTo("1250");
    assertThat(points.get(1).get("totalValue").decimalValue()).isEqualByComparingTo("1965");
    assertThat(points.get(1).get("costBasis").decimalValue()).isEqualByComparingTo("1905");
    assertThat(points.get(2).get("totalValue").decimalValue()).isEqualByComparingTo("1680");
    assertThat(points.get(3).get("totalValue").decimalValue()).isEqualByComparingTo("1680");
    assertThat(points.get(4).get("at").asString()).isEqualTo(T0.plusSeconds(4 * 86400).toString());
    assertThat(points.get(4).get("totalValue").decimalValue()).isEqualByComparingTo("1680");
    JsonNode holding = points.get(4).get("holdings").get(0);
    assertThat(holding.get("tokenId").asString()).isEqualTo(token);
    assertThat(holding.get("quantity").decimalValue()).isEqualByComparingTo("120");
    assertThat(holding.get("price").decimalValue()).isEqualByComparingTo("14");
    assertThat(holding.get("value").decimalValue()).isEqualByComparingTo("1680");
  }

  @Test
  void shouldAddAPointForEveryChangeWithIntervalEvent() {
    JsonNode points =
        api.ok(
                "/investor/valuation-history?from="
                    + T0
                    + "&to="
                    + T0.plusSeconds(4 * 86400)
                    + "&interval=event",
                Api.investor(alice))
            .get("points");

    // purchase; secondary buy and its price (same instant); sale and its price (same instant)
    assertThat(points.findValues("totalValue").stream().map(JsonNode::decimalValue).toList())
        .usingElementComparator(BigDecimal::compareTo)
        .containsExactly(new BigDecimal("1250"), new BigDecimal("1965"), new BigDecimal("1680"));
  }

  @Test
  void shouldDefaultToTheLast30DaysUpToNow() {
    // given the service's clock four days after Alice's last trade
    clock.set(T0.plusSeconds(4 * 86400));

    // when she asks without a range
    JsonNode history = api.ok("/investor/valuation-history", Api.investor(alice));

    // then it is 30 days up to now, by day, ending in her current value
    assertThat(history.get("to").asString()).isEqualTo(T0.plusSeconds(4 * 86400).toString());
    assertThat(history.get("from").asString())
        .isEqualTo(T0.plusSeconds(4 * 86400).minus(Duration.ofDays(30)).toString());
    assertThat(history.get("interval").asString()).isEqualTo("day");
    JsonNode points = history.get("points");
    assertThat(points).hasSize(5);
    assertThat(points.get(4).get("totalValue").decimalValue()).isEqualByComparingTo("1680");
  }

  private void awaitQuantity(String owner, String quantity) {
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(250))
        .until(
            () -> {
              JsonNode holdings = api.portfolio(owner).get("holdings");
              return holdings.size() == 1
                  && holdings
                          .get(0)
                          .get("quantity")
                          .decimalValue()
                          .compareTo(new BigDecimal(quantity))
                      == 0;
            });
  }
}
