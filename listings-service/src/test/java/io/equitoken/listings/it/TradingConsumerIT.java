package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.test.EventContracts;
import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Trading's price and trade events, as agreed in contracts/events/trading, keep a token's price,
 * valuation and its listing's raise progress current — once per event, however often delivered.
 */
class TradingConsumerIT extends ListingsIntegrationTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String TOPIC = "trading.events.v1";
  private static final String PRICE = "equitoken.trading.price.updated.v1";
  private static final String TRADE = "equitoken.trading.trade.executed.v1";

  private String founder;
  private String listingId;
  private String tokenId;

  @BeforeEach
  void activeListing() {
    founder = Api.newFounder();
    listingId = api.active(founder);
    tokenId = Api.text(api.get("/listings/" + listingId, Api.operator()), "tokenId");
  }

  @Test
  void shouldTakeThePriceFromTheExamplePriceEvent() {
    // given the contract's example price event for this token
    String data = example(PRICE, e -> e.put("asOf", Instant.now().plusSeconds(5).toString()));

    // when trading publishes it
    send(UUID.randomUUID().toString(), PRICE, data);

    // then the token's price and valuation, and the listing's tokenPrice follow
    awaitPrice("13.1");
    JsonNode token = api.get("/tokens/" + tokenId, Api.operator());
    assertThat(token.get("valuation").decimalValue()).isEqualByComparingTo("13100000");
    JsonNode detail = api.get("/listings/" + listingId, Api.operator());
    assertThat(detail.get("tokenomics").get("tokenPrice").decimalValue())
        .isEqualByComparingTo("13.1");
    assertThat(detail.get("tokenomics").get("valuation").decimalValue())
        .isEqualByComparingTo("13100000");
  }

  @Test
  void shouldApplyARedeliveredTradeOnlyOnce() {
    // given the contract's example trade, sold by the issuer: 250 tokens at 13.1
    String eventId = UUID.randomUUID().toString();
    String trade =
        example(
            TRADE,
            e -> {
              e.put("sellerId", founder);
              e.put("executedAt", Instant.now().plusSeconds(5).toString());
            });

    // when it is delivered, redelivered, and followed by a marker price event on the same key
    send(eventId, TRADE, trade);
    send(eventId, TRADE, trade);
    send(
        UUID.randomUUID().toString(),
        PRICE,
        example(
            PRICE,
            e -> {
              e.put("price", 14);
              e.put("asOf", Instant.now().plusSeconds(10).toString());
            }));

    // then once the marker is applied, the trade counted once: 3275 raised, and deduped by id
    awaitPrice("14");
    assertThat(raiseProgress()).isEqualByComparingTo("3275");
    assertThat(
            count(
                "select count(*) from processed_event where event_id = $1 and consumer = $2",
                eventId,
                "listings-service.market-data"))
        .isEqualTo(1);
  }

  @Test
  void shouldMoveThePriceButRaiseNothingWhenInvestorsTradeBetweenThemselves() {
    String trade =
        example(
            TRADE,
            e -> {
              e.put("sellerId", "investor-bob");
              e.put("price", 3.3);
              e.put("executedAt", Instant.now().plusSeconds(5).toString());
            });

    send(UUID.randomUUID().toString(), TRADE, trade);

    awaitPrice("3.3");
    assertThat(raiseProgress()).isEqualByComparingTo("0");
  }

  @Test
  void shouldSendAnUnreadableEventToTheDeadLetterTopicWithTheReason() {
    // given a price event whose price is not a number
    String id = UUID.randomUUID().toString();
    String data = example(PRICE, e -> e.put("price", "a lot"));

    // when it is published
    send(id, PRICE, data);

    // then it is dead-lettered with the reason, and the price is unchanged
    var dead =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(),
            TOPIC + ".dlt",
            r -> id.equals(KafkaRecords.header(r, "ce_id")),
            1,
            Duration.ofSeconds(60));
    assertThat(dead).hasSize(1);
    assertThat(KafkaRecords.header(dead.get(0), "kafka_dlt-exception-message")).contains(id);
    assertThat(api.get("/tokens/" + tokenId, Api.operator()).get("price").decimalValue())
        .isEqualByComparingTo("2.5");
  }

  private String example(String type, java.util.function.Consumer<ObjectNode> adapt) {
    ObjectNode node = (ObjectNode) JSON.readTree(EventContracts.example(type));
    node.put("tokenId", tokenId);
    adapt.accept(node);
    return JSON.writeValueAsString(node);
  }

  private void send(String id, String type, String data) {
    KafkaRecords.sendCloudEvent(
        TestInfrastructure.kafkaBootstrapServers(),
        TOPIC,
        tokenId,
        id,
        "/trading-service",
        type,
        data);
  }

  private void awaitPrice(String expected) {
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(250))
        .untilAsserted(
            () ->
                assertThat(
                        api.get("/tokens/" + tokenId, Api.operator()).get("price").decimalValue())
                    .isEqualByComparingTo(expected));
  }

  private BigDecimal raiseProgress() {
    return api.get("/listings/" + listingId, Api.operator()).get("raiseProgress").decimalValue();
  }
}
