package io.equitoken.listings.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.test.EventContracts;
import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Trading's price and trade events, as agreed in contracts/events/trading, keep a token's price and
 * valuation current, and the issuer's proceeds ({@code cash.changed} with reason {@code sell}) its
 * listing's raise progress — once per event and per trade, however often delivered.
 */
class TradingConsumerIT extends ListingsIntegrationTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String TOPIC = "trading.events.v1";
  private static final String PRICE = "equitoken.trading.price.updated.v1";
  private static final String TRADE = "equitoken.trading.trade.executed.v1";
  private static final String CASH = "equitoken.trading.cash.changed.v1";

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

    // then once the marker is applied, the trade was deduped by id — and raised nothing: no money
    // moved with it (only its cash leg raises, below)
    awaitPrice("14");
    assertThat(raiseProgress()).isEqualByComparingTo("0");
    assertThat(
            count(
                "select count(*) from processed_event where event_id = $1 and consumer = $2",
                eventId,
                "listings-service.market-data"))
        .isEqualTo(1);
  }

  @Test
  void shouldNeverApplyAPriceFromAnAbortedTradingTransaction() {
    // given a price trading's matcher wrote in a transaction it then aborted, newer than any other
    String aborted =
        example(
            PRICE,
            e -> {
              e.put("price", 99);
              e.put("asOf", Instant.now().plusSeconds(60).toString());
            });
    sendAborted(UUID.randomUUID().toString(), PRICE, aborted);

    // when a committed, older price follows it on the same key
    send(
        UUID.randomUUID().toString(),
        PRICE,
        example(PRICE, e -> e.put("asOf", Instant.now().plusSeconds(5).toString())));

    // then the committed price is the token's: the aborted one (newer, so it would have won) was
    // never read (consumers read read_committed, the platform's default)
    awaitPrice("13.1");
  }

  @Test
  void shouldRaiseTheGrossProceedsPaidToTheIssuerOncePerTrade() {
    // given the issuer paid for two trades: 3242.25 after a fee of 32.75, and 131 without a fee
    String first = UUID.randomUUID().toString();
    String paid = proceeds(founder, first, "3242.25", "32.75");

    // when the first payment is delivered, redelivered, and published again under another id
    String eventId = UUID.randomUUID().toString();
    sendCash(eventId, founder, paid);
    sendCash(eventId, founder, paid);
    sendCash(UUID.randomUUID().toString(), founder, paid);
    // and the second follows on the same key (the issuer's)
    sendCash(
        UUID.randomUUID().toString(),
        founder,
        proceeds(founder, UUID.randomUUID().toString(), "131", null));

    // then raise progress is what buyers paid, each trade once: 3275 + 131
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(250))
        .untilAsserted(() -> assertThat(raiseProgress()).isEqualByComparingTo("3406"));
    assertThat(count("select count(*) from issuer_proceeds where listing_id = $1", listingId))
        .isEqualTo(2);
  }

  @Test
  void shouldRaiseNothingFromAnInvestorsProceedsOrTheBuyersPayment() {
    // given an investor paid for selling this token, and the buyer's leg of an issuer's sale
    String investorSale = UUID.randomUUID().toString();
    sendCash(
        investorSale,
        "investor-bob",
        proceeds("investor-bob", UUID.randomUUID().toString(), "500", "5"));
    String buyerLeg = UUID.randomUUID().toString();
    sendCash(
        buyerLeg,
        "investor-bob",
        example(
            CASH,
            e -> {
              e.put("ownerId", "investor-bob");
              e.put("reason", "buy");
            }));

    // when both were processed
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                count(
                        "select count(*) from processed_event where event_id = $1 and consumer = $2",
                        investorSale,
                        "listings-service.market-data")
                    == 1);

    // then nothing was raised
    assertThat(raiseProgress()).isEqualByComparingTo("0");
    assertThat(count("select count(*) from issuer_proceeds where listing_id = $1", listingId))
        .isZero();
  }

  /** The contract's example cash change turned into {@code owner}'s sell entry of a trade. */
  private String proceeds(String owner, String tradeId, String amount, String fee) {
    return example(
        CASH,
        e -> {
          e.put("ownerId", owner);
          e.put("sequence", 1);
          e.put("reason", "sell");
          e.put("tradeId", tradeId);
          e.put("amount", new BigDecimal(amount));
          e.put("reservedChange", 0);
          e.put("reserved", 0);
          e.put("balance", new BigDecimal(amount));
          e.put("available", new BigDecimal(amount));
          if (fee == null) {
            e.putNull("fee");
          } else {
            e.put("fee", new BigDecimal(fee));
          }
        });
  }

  /** A cash event as trading sends it: keyed by its owner; checked against its schema. */
  private void sendCash(String id, String owner, String data) {
    EventContracts.assertConforms(CASH, data);
    KafkaRecords.sendCloudEvent(
        TestInfrastructure.kafkaBootstrapServers(),
        TOPIC,
        owner,
        id,
        "/trading-service",
        CASH,
        data);
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

  private void sendAborted(String id, String type, String data) {
    Properties props = new Properties();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.kafkaBootstrapServers());
    props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "aborting-" + UUID.randomUUID());
    try (var producer = new KafkaProducer<String, String>(props)) {
      producer.initTransactions();
      producer.beginTransaction();
      producer
          .send(KafkaRecords.cloudEventRecord(TOPIC, tokenId, id, "/trading-service", type, data))
          .get(30, TimeUnit.SECONDS);
      producer.abortTransaction();
    } catch (Exception e) {
      throw new IllegalStateException("Could not send the aborted event", e);
    }
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
