package io.equitoken.portfolio.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** After a burst of trades every token's holdings add up to its supply; a lost side shows up. */
class ReconciliationIT extends PortfolioIntegrationBase {

  private static final Instant T0 = Instant.parse("2026-07-06T09:00:00Z");

  @Test
  void shouldFindEveryTokenBalancedAfterABurstAndReportOneThatIsNot() {
    // given three tokens and a burst of 150 trades among five investors and the founders, sent
    // without waiting for each
    Random random = new Random(42);
    List<String> tokens = new ArrayList<>();
    Map<String, String> founders = new HashMap<>();
    for (int i = 0; i < 3; i++) {
      String token = UUID.randomUUID().toString();
      String founder = "founder-" + UUID.randomUUID();
      tokens.add(token);
      founders.put(token, founder);
      market.issue(token, "Burst " + i, founder, 10_000, "5", T0);
    }
    List<String> investors = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      investors.add("inv-burst-" + UUID.randomUUID());
    }
    Market.batch(() -> burst(random, tokens, founders, investors));

    // when everything is applied
    ConsumerLag.awaitCaughtUp();

    // then none of the three tokens is out of balance
    JsonNode report = api.ok("/portfolio/reconciliation", Api.operator());
    assertThat(report.get("tokensChecked").asLong()).isGreaterThanOrEqualTo(3);
    assertThat(mismatched(report)).doesNotContainAnyElementsOf(tokens);

    // and when one side of a transfer is lost, that token is reported with the difference
    String broken = tokens.get(0);
    Market.send(
        market.holding(
            investors.get(0),
            broken,
            BigDecimal.valueOf(5),
            "transfer_in",
            null,
            null,
            T0.plusSeconds(86_400)));
    ConsumerLag.awaitCaughtUp();
    JsonNode after = api.ok("/portfolio/reconciliation", Api.operator());
    assertThat(after.get("balanced").asBoolean()).isFalse();
    JsonNode mismatch = null;
    for (JsonNode m : after.get("mismatches")) {
      if (m.get("tokenId").asString().equals(broken)) {
        mismatch = m;
      }
    }
    assertThat(mismatch).isNotNull();
    assertThat(mismatch.get("supply").decimalValue()).isEqualByComparingTo("10000");
    assertThat(mismatch.get("held").decimalValue()).isEqualByComparingTo("10005");
    assertThat(mismatch.get("difference").decimalValue()).isEqualByComparingTo("5");
    assertThat(mismatched(after)).doesNotContain(tokens.get(1), tokens.get(2));
  }

  private void burst(
      Random random, List<String> tokens, Map<String, String> founders, List<String> investors) {
    Map<String, Long> held = new HashMap<>();
    for (int n = 0; n < 150; n++) {

      String token = tokens.get(random.nextInt(tokens.size()));
      String buyer = investors.get(random.nextInt(investors.size()));
      String seller = investors.get(random.nextInt(investors.size()));
      long sellerHolds = held.getOrDefault(seller + token, 0L);
      boolean primary = seller.equals(buyer) || sellerHolds == 0;
      if (primary) {
        seller = founders.get(token);
      }
      long quantity = primary ? 1 + random.nextInt(50) : 1 + random.nextInt((int) sellerHolds);
      String price = BigDecimal.valueOf(400 + random.nextInt(300), 2).toPlainString();
      market.trade(token, buyer, seller, quantity, price, primary, T0.plusSeconds(60L * (n + 1)));
      held.merge(buyer + token, quantity, Long::sum);
      if (!primary) {
        held.merge(seller + token, -quantity, Long::sum);
      }
    }
  }

  private static List<String> mismatched(JsonNode report) {
    List<String> ids = new ArrayList<>();
    report.get("mismatches").forEach(m -> ids.add(m.get("tokenId").asString()));
    return ids;
  }
}
