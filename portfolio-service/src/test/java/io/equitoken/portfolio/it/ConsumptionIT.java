package io.equitoken.portfolio.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Events arrive at least once and, across partitions, in any order: each is applied once, holding
 * changes by sequence; poison goes to the dead-letter topic with the reason.
 */
class ConsumptionIT extends PortfolioIntegrationBase {

  private static final Instant T0 = Instant.parse("2026-09-01T08:00:00Z");

  private final String token = UUID.randomUUID().toString();
  private final String founder = "founder-" + UUID.randomUUID();
  private final String carol = "inv-carol-" + UUID.randomUUID();

  @Test
  void shouldApplyRedeliveredAndReorderedHoldingChangesAsIfInOrder() {
    // given Carol's three holding changes: buy 100 at 2, buy 50 at 4, sell 30 at 5
    market.issue(token, "Reorder Co", founder, 10_000, "2", T0);
    Market.Sent buy =
        market.holding(carol, token, bd(100), "purchase", "2", uuid(), T0.plusSeconds(60));
    Market.Sent buyMore =
        market.holding(carol, token, bd(50), "trade_buy", "4", uuid(), T0.plusSeconds(120));
    Market.Sent sell =
        market.holding(carol, token, bd(-30), "trade_sell", "5", uuid(), T0.plusSeconds(180));

    // when they arrive newest first, one twice (same event id), one again under a new event id
    Market.send(sell);
    Market.send(buy);
    Market.send(sell);
    Market.send(buyMore);
    Market.send(new Market.Sent(buy.key(), UUID.randomUUID().toString(), buy.type(), buy.data()));
    market.price(token, "5", T0.plusSeconds(180));

    // then the holding is the newest: 120, cost (200 + 200) × 120/150 = 320, three transactions
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> api.transactions(carol, "").size() == 3 && price(carol).compareTo(bd(5)) == 0);
    JsonNode holding = api.portfolio(carol).get("holdings").get(0);
    assertThat(holding.get("quantity").decimalValue()).isEqualByComparingTo("120");
    assertThat(holding.get("costBasis").decimalValue()).isEqualByComparingTo("320");
    assertThat(holding.get("averageCost").decimalValue()).isEqualByComparingTo("2.66666667");
    assertThat(
            count(
                "select count(*) from holding_change where owner_id = $1 and token_id = $2",
                carol,
                token))
        .isEqualTo(3);
    assertThat(
            count(
                "select count(*) from processed_event where event_id = $1 and consumer = $2",
                sell.id(),
                "portfolio-service.trading"))
        .isEqualTo(1);
  }

  @Test
  void shouldShowReservedTokensAsUnavailableWithoutATransaction() {
    market.issue(token, "Reserve Co", founder, 1_000, "3", T0);
    market.trade(token, carol, founder, 40, "3", true, T0.plusSeconds(60));
    Market.Sent reserve =
        market.holding(
            carol, token, BigDecimal.ZERO, "order_reserved", null, null, T0.plusSeconds(90));
    String data = reserve.data().replace("\"availableQuantity\":40", "\"availableQuantity\":15");
    Market.send(new Market.Sent(reserve.key(), reserve.id(), reserve.type(), data));

    await().atMost(Duration.ofSeconds(60)).until(() -> available(carol).compareTo(bd(15)) == 0);
    assertThat(api.portfolio(carol).get("holdings").get(0).get("quantity").decimalValue())
        .isEqualByComparingTo("40");
    assertThat(api.transactions(carol, "")).hasSize(1);
  }

  @Test
  void shouldNameTheStartupAfterTheNewestListingName() {
    market.issue(token, "Old Name", founder, 1_000, "3", T0);
    market.trade(token, carol, founder, 40, "3", true, T0.plusSeconds(60));
    String listingId = listingOf(token);
    Market.send(
        Market.LISTINGS,
        listingId,
        Market.UPDATED,
        Market.valid(
            Market.UPDATED,
            e -> {
              e.put("listingId", listingId);
              e.put("name", "New Name");
              e.put("updatedAt", T0.plusSeconds(3600).toString());
            }));

    // the holding may not have arrived yet on the first polls: no holdings, no name
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> {
              var holdings = api.portfolio(carol).get("holdings");
              return holdings.size() == 1
                  && "New Name".equals(holdings.get(0).get("startup").asString());
            });
    assertThat(api.transactions(carol, "").get(0).get("startup").asString()).isEqualTo("New Name");
  }

  @Test
  void shouldSendPoisonToTheDeadLetterTopicWithTheReason() {
    // given events that cannot be applied: an unknown reason, a delta that contradicts the
    // reason, a price that is no number
    String unknownReason =
        Market.send(
            Market.TRADING,
            token,
            Market.HOLDING,
            Market.with(
                Market.HOLDING,
                e -> {
                  e.put("tokenId", token);
                  e.put("reason", "gift");
                }));
    String contradiction =
        Market.send(
            Market.TRADING,
            token,
            Market.HOLDING,
            Market.with(
                Market.HOLDING,
                e -> {
                  e.put("tokenId", token);
                  e.put("delta", -100);
                }));
    String unreadable =
        Market.send(
            Market.TRADING,
            token,
            Market.PRICE,
            Market.with(Market.PRICE, e -> e.put("price", "a lot")));
    String badToken =
        Market.send(
            Market.LISTINGS,
            UUID.randomUUID().toString(),
            Market.TOKEN_ISSUED,
            Market.with(Market.TOKEN_ISSUED, e -> e.remove("supply")));

    // then each is dead-lettered once, with the reason, and nothing of them is stored
    var trading = dead(Market.TRADING, List.of(unknownReason, contradiction, unreadable));
    assertThat(reason(trading, unknownReason)).contains("unknown reason gift");
    assertThat(reason(trading, contradiction)).contains("does not fit reason purchase");
    assertThat(reason(trading, unreadable)).contains("unreadable");
    var listings = dead(Market.LISTINGS, List.of(badToken));
    assertThat(reason(listings, badToken)).contains("lacks");
    assertThat(count("select count(*) from holding_change where token_id = $1", token)).isZero();
  }

  @Test
  void shouldSendPoisonousCashChangesToTheDeadLetterTopicWithTheReason() {
    // given cash changes that cannot be true: available is not balance − reserved, a deposit that
    // takes money, an unknown reason
    String owner = "inv-poison-" + UUID.randomUUID();
    String unbalanced =
        Market.send(
            Market.TRADING,
            owner,
            Market.CASH,
            Market.with(
                Market.CASH,
                e -> {
                  e.put("ownerId", owner);
                  e.put("available", 1);
                }));
    String contradiction =
        Market.send(
            Market.TRADING,
            owner,
            Market.CASH,
            Market.with(
                Market.CASH,
                e -> {
                  e.put("ownerId", owner);
                  e.put("reason", "deposit");
                }));
    String unknownReason =
        Market.send(
            Market.TRADING,
            owner,
            Market.CASH,
            Market.with(
                Market.CASH,
                e -> {
                  e.put("ownerId", owner);
                  e.put("reason", "gift");
                }));

    // then each is dead-lettered once, with the reason, and nothing of them is stored
    var trading = dead(Market.TRADING, List.of(unbalanced, contradiction, unknownReason));
    assertThat(reason(trading, unbalanced)).contains("is not balance − reserved");
    assertThat(reason(trading, contradiction)).contains("contradicts reason deposit");
    assertThat(reason(trading, unknownReason)).contains("unknown reason gift");
    assertThat(count("select count(*) from cash_change where owner_id = $1", owner)).isZero();
    assertThat(count("select count(*) from cash_account where owner_id = $1", owner)).isZero();
  }

  private static List<ConsumerRecord<String, String>> dead(String topic, List<String> ids) {
    List<ConsumerRecord<String, String>> records =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(),
            topic + ".dlt",
            r -> ids.contains(KafkaRecords.header(r, "ce_id")),
            ids.size(),
            Duration.ofSeconds(90));
    assertThat(records).hasSize(ids.size());
    return records;
  }

  private static String reason(List<ConsumerRecord<String, String>> records, String id) {
    return records.stream()
        .filter(r -> id.equals(KafkaRecords.header(r, "ce_id")))
        .map(r -> KafkaRecords.header(r, "kafka_dlt-exception-message"))
        .findFirst()
        .orElseThrow();
  }

  private String listingOf(String tokenId) {
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> count("select count(*) from token where token_id = $1", tokenId) == 1);
    return db.sql("select listing_id from token where token_id = $1")
        .bind(0, tokenId)
        .map(row -> row.get(0, String.class))
        .one()
        .block(Duration.ofSeconds(10));
  }

  private BigDecimal price(String owner) {
    JsonNode holdings = api.portfolio(owner).get("holdings");
    return holdings.isEmpty()
        ? BigDecimal.ZERO
        : holdings.get(0).get("currentPrice").decimalValue();
  }

  private BigDecimal available(String owner) {
    JsonNode holdings = api.portfolio(owner).get("holdings");
    return holdings.isEmpty()
        ? BigDecimal.ZERO
        : holdings.get(0).get("availableQuantity").decimalValue();
  }

  private static BigDecimal bd(long value) {
    return BigDecimal.valueOf(value);
  }

  private static String uuid() {
    return UUID.randomUUID().toString();
  }
}
