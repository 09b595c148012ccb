package io.equitoken.portfolio.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.TestJwtIssuer;
import io.equitoken.portfolio.messaging.ReadModelRebuild;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Dropping the read model and replaying both topics from the beginning gives byte-for-byte the same
 * answers.
 */
class RebuildIT extends PortfolioIntegrationBase {

  private static final Instant T0 = Instant.parse("2026-08-03T12:00:00Z");

  @Autowired ReadModelRebuild rebuild;

  @Test
  void shouldAnswerByteForByteTheSameAfterARebuildFromTheTopics() {
    // given trading history for two investors and a founder, some of it out of order
    String token = UUID.randomUUID().toString();
    String other = UUID.randomUUID().toString();
    String founder = "founder-" + UUID.randomUUID();
    String dana = "inv-dana-" + UUID.randomUUID();
    String eve = "inv-eve-" + UUID.randomUUID();
    market.issue(token, "Replay One", founder, 5_000, "1.25", T0);
    market.issue(other, "Replay Two", founder, 800, "40", T0.plusSeconds(30));
    market.trade(token, dana, founder, 300, "1.25", true, T0.plusSeconds(3600));
    market.trade(other, dana, founder, 7, "40", true, T0.plusSeconds(7200));
    market.trade(token, eve, founder, 120, "1.25", true, T0.plusSeconds(9000));
    Market.Sent late =
        market.holding(
            dana,
            token,
            BigDecimal.valueOf(-100),
            "trade_sell",
            "1.4",
            UUID.randomUUID().toString(),
            T0.plusSeconds(90_000));
    Market.Sent early =
        market.holding(
            eve,
            token,
            BigDecimal.valueOf(100),
            "trade_buy",
            "1.4",
            UUID.randomUUID().toString(),
            T0.plusSeconds(90_000));
    Market.send(early);
    Market.send(late);
    market.price(token, "1.4", T0.plusSeconds(90_000));
    market.price(other, "38.5", T0.plusSeconds(100_000));
    market.trade(other, eve, dana, 3, "38.5", false, T0.plusSeconds(100_000));
    ConsumerLag.awaitCaughtUp();
    Map<String, byte[]> before = answers(founder, dana, eve);
    assertThat(new String(before.get(dana + " /investor/portfolio"), StandardCharsets.UTF_8))
        .contains(token)
        .contains(other);

    // when the read model is rebuilt from the topics
    Instant start = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    rebuild.rebuild();
    ConsumerLag.awaitCaughtUp();

    // then every event was processed again after the rebuild began ...
    assertThat(count("select count(*) from processed_event where processed_at < $1", start))
        .isZero();
    assertThat(count("select count(*) from processed_event")).isPositive();
    // ... and every answer is the same, byte for byte
    Map<String, byte[]> after = answers(founder, dana, eve);
    assertThat(after.keySet()).isEqualTo(before.keySet());
    for (String key : before.keySet()) {
      assertThat(new String(after.get(key), StandardCharsets.UTF_8))
          .as(key)
          .isEqualTo(new String(before.get(key), StandardCharsets.UTF_8));
    }
  }

  private Map<String, byte[]> answers(String... owners) {
    Map<String, byte[]> answers = new LinkedHashMap<>();
    String range = "from=" + T0.minusSeconds(86400) + "&to=" + T0.plusSeconds(5 * 86400);
    for (String owner : owners) {
      String token =
          TestJwtIssuer.token(owner, owner.startsWith("founder") ? "founder" : "investor");
      for (String uri :
          List.of(
              "/investor/portfolio",
              "/investor/valuation-history?" + range + "&interval=event",
              "/investor/valuation-history?" + range + "&interval=day")) {
        answers.put(owner + " " + uri, api.bytes(uri, token));
      }
      List<String> pages = new ArrayList<>();
      String uri = "/investor/transactions?limit=2";
      for (int page = 0; page < 10 && uri != null; page++) {
        var result = api.get(uri, token).expectStatus().isOk().expectBody().returnResult();
        pages.add(new String(result.getResponseBody(), StandardCharsets.UTF_8));
        String link = result.getResponseHeaders().getFirst("Link");
        pages.add(String.valueOf(link));
        uri = link == null ? null : link.substring(1, link.indexOf('>'));
      }
      answers.put(
          owner + " transactions", String.join("\n", pages).getBytes(StandardCharsets.UTF_8));
    }
    answers.put("reconciliation", api.bytes("/portfolio/reconciliation", Api.operator()));
    return answers;
  }
}
