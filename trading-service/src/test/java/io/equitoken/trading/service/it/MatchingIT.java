package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.events.CloudEvents;
import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The service with its embedded matcher, end to end on the real broker and database: an order
 * placed over HTTP travels through the outbox to {@code trading.orders.v1}, is matched, and its
 * fills come back through {@code trading.events.v1} into the order status and price history. Runs
 * its own context and database (the other ITs play the matcher's part by hand) and closes it
 * afterwards, so that its matcher never acts on their commands while they run.
 */
class MatchingIT extends MatcherIntegrationTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @DynamicPropertySource
  static void matcher(DynamicPropertyRegistry registry) {
    registerMatcher(registry, "trading_matching", "matching-it");
    registry.add("equitoken.trading.matcher.snapshot-every-commands", () -> "5");
  }

  @Autowired private ApplicationContext context;

  private String windowId;

  @BeforeEach
  void market() {
    assertThat(context.containsBean("matcherRunner"))
        .as("the matcher runs in this context")
        .isTrue();
    windowId = fixtures.openWindow(token);
  }

  @Test
  void shouldFillAnInvestorsBuyFromTheIssuerAndProjectItOnce() {
    // given the issuer (credited with the whole supply) offers 300 at 2.50
    String sell = api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 300, 2.5));
    String investor = fixtures.approvedInvestor();

    // when an investor with approved KYC buys 100 at up to 2.60
    String buy = api.place(Api.investor(investor), Api.order(token, "buy", 100, 2.6));

    // then the buy is filled at the resting price, seen by the buyer through the API
    JsonNode bought = fixtures.awaitStatus(buy, Api.investor(investor), "filled");
    assertThat(bought.get("filledQuantity").decimalValue()).isEqualByComparingTo("100");
    assertThat(bought.get("remainingQuantity").decimalValue()).isEqualByComparingTo("0");
    assertThat(bought.get("averagePrice").decimalValue()).isEqualByComparingTo("2.5");
    assertThat(bought.get("windowId").asString()).isEqualTo(windowId);
    assertThat(bought.get("fills")).hasSize(1);
    assertThat(bought.get("fills").get(0).get("price").decimalValue()).isEqualByComparingTo("2.5");

    // and the issuer's sell is partially filled, 200 still resting
    JsonNode sold = fixtures.awaitStatus(sell, Api.token(issuer, "founder"), "partially_filled");
    assertThat(sold.get("filledQuantity").decimalValue()).isEqualByComparingTo("100");
    assertThat(sold.get("remainingQuantity").decimalValue()).isEqualByComparingTo("200");

    // and the window's price history has the trade
    await()
        .atMost(Fixtures.MATCHED)
        .untilAsserted(
            () -> {
              JsonNode history =
                  api.get("/tokens/" + token + "/price-history", Api.investor(investor));
              assertThat(history).hasSize(1);
              assertThat(history.get(0).get("windowId").asString()).isEqualTo(windowId);
              assertThat(history.get(0).get("close").decimalValue()).isEqualByComparingTo("2.5");
              assertThat(history.get(0).get("volume").decimalValue()).isEqualByComparingTo("100");
              assertThat(history.get(0).get("trades").asInt()).isEqualTo(1);
            });
    // while a token the service does not know has no history at all: 404, not an empty one
    JsonNode unknown =
        Api.json(
            api.call(
                    HttpMethod.GET,
                    "/tokens/tok-unknown/price-history",
                    Api.investor(investor),
                    null)
                .expectStatus()
                .isNotFound());
    assertThat(unknown.get("code").asString()).isEqualTo("token-not-found");

    // and exactly one trade, and one buyer's holding change to 100, are on trading.events.v1
    List<JsonNode> trades = committed("equitoken.trading.trade.executed.v1", 1);
    assertThat(trades).hasSize(1);
    assertThat(trades.get(0).get("quantity").decimalValue()).isEqualByComparingTo("100");
    List<JsonNode> holdings =
        committed("equitoken.trading.holding.changed.v1", 3).stream()
            .filter(h -> investor.equals(h.get("ownerId").asString()))
            .toList();
    assertThat(holdings).hasSize(1);
    assertThat(holdings.get(0).get("quantity").decimalValue()).isEqualByComparingTo("100");
  }

  @Test
  void shouldNeverLetConcurrentSellsOfOneOwnerExceedTheirHolding() throws Exception {
    // given an investor who bought 100 from the issuer
    String investor = fixtures.approvedInvestor();
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 100, 2.5));
    String buy = api.place(Api.investor(investor), Api.order(token, "buy", 100, 2.5));
    fixtures.awaitStatus(buy, Api.investor(investor), "filled");

    // when they send eight sells of 30 at once (240 > 100), none of which can match
    List<CompletableFuture<String>> sells = new ArrayList<>();
    IntStream.range(0, 8)
        .forEach(
            i ->
                sells.add(
                    CompletableFuture.supplyAsync(
                        () ->
                            api.place(Api.investor(investor), Api.order(token, "sell", 30, 9.0)))));
    List<String> ids = new ArrayList<>();
    for (CompletableFuture<String> f : sells) {
      ids.add(f.get());
    }

    // then exactly three rest (90 <= 100) and five are rejected for lack of available holding
    List<JsonNode> finals =
        ids.stream().map(id -> fixtures.awaitDecided(id, Api.investor(investor))).toList();
    assertThat(finals.stream().filter(s -> s.get("status").asString().equals("open"))).hasSize(3);
    List<JsonNode> rejected =
        finals.stream().filter(s -> s.get("status").asString().equals("rejected")).toList();
    assertThat(rejected).hasSize(5);
    assertThat(rejected)
        .allSatisfy(
            r ->
                assertThat(r.get("reason").get("code").asString())
                    .isEqualTo("position.insufficient_available"));
  }

  @Test
  void shouldCancelARestingOrderThroughTheMatcher() {
    String investor = fixtures.approvedInvestor();
    String buy = api.place(Api.investor(investor), Api.order(token, "buy", 50, 1.0));
    fixtures.awaitStatus(buy, Api.investor(investor), "open");

    api.call(HttpMethod.DELETE, "/trade/" + buy, Api.investor(investor), null)
        .expectStatus()
        .isAccepted();

    JsonNode cancelled = fixtures.awaitStatus(buy, Api.investor(investor), "cancelled");
    assertThat(cancelled.get("filledQuantity").decimalValue()).isEqualByComparingTo("0");
    // once final, a second cancel is a conflict
    api.call(HttpMethod.DELETE, "/trade/" + buy, Api.investor(investor), null)
        .expectStatus()
        .isEqualTo(409);
  }

  @Test
  void shouldMoveAHoldingByAnOperatorsTransferAndRefuseBadOnes() {
    // given an investor who bought 100 from the issuer
    String alice = fixtures.approvedInvestor();
    String bob = fixtures.approvedInvestor();
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 100, 2.5));
    fixtures.awaitStatus(
        api.place(Api.investor(alice), Api.order(token, "buy", 100, 2.5)),
        Api.investor(alice),
        "filled");

    // when an operator moves 40 of them to another investor, and retries the request
    Map<String, Object> move =
        Map.of("from", alice, "to", bob, "quantity", 40, "reason", "Inheritance");
    String key = "transfer-" + UUID.randomUUID();
    String transfers = "/tokens/" + token + "/transfers";
    long transfersBefore = count("select count(*) from holding_transfer");
    JsonNode accepted =
        Api.json(api.postWithKey(transfers, Api.operator(), move, key).expectStatus().isAccepted());
    String transferId = accepted.get("transferId").asString();
    assertThat(accepted.get("requestedBy").asString()).isEqualTo(Api.OPERATOR);
    JsonNode replayed =
        Api.json(
            api.postWithKey(transfers, Api.operator(), move, key)
                .expectStatus()
                .isAccepted()
                .expectHeader()
                .valueEquals("Idempotent-Replayed", "true"));
    assertThat(replayed.get("transferId").asString()).isEqualTo(transferId);
    // and the same key with another request is refused
    api.postWithKey(
            transfers,
            Api.operator(),
            Map.of("from", alice, "to", bob, "quantity", 1, "reason", "Other"),
            key)
        .expectStatus()
        .isEqualTo(409);
    assertThat(count("select count(*) from holding_transfer")).isEqualTo(transfersBefore + 1);

    // then the matcher executes it once, and both holdings change accordingly
    List<JsonNode> executed = committed("equitoken.trading.transfer.executed.v1", 1);
    assertThat(executed).hasSize(1);
    assertThat(executed.get(0).get("transferId").asString()).isEqualTo(transferId);
    assertThat(executed.get(0).get("quantity").decimalValue()).isEqualByComparingTo("40");
    List<JsonNode> changes = committed("equitoken.trading.holding.changed.v1", 6);
    assertThat(last(changes, alice).get("quantity").decimalValue()).isEqualByComparingTo("60");
    assertThat(last(changes, bob).get("quantity").decimalValue()).isEqualByComparingTo("40");

    // and moving more than the available holding is rejected by the matcher, nothing moves
    api.call(
            HttpMethod.POST,
            "/tokens/" + token + "/transfers",
            Api.operator(),
            Map.of("from", bob, "to", alice, "quantity", 41, "reason", "Too much"))
        .expectStatus()
        .isAccepted();
    List<JsonNode> rejected = committed("equitoken.trading.transfer.rejected.v1", 1);
    assertThat(rejected).hasSize(1);
    assertThat(rejected.get(0).toString()).contains("position.insufficient_available");
    // and bad transfers are refused before anything is stored
    long before = count("select count(*) from holding_transfer");
    for (Map<String, Object> bad :
        List.<Map<String, Object>>of(
            Map.of("from", alice, "to", alice, "quantity", 1, "reason", "Same owner"),
            Map.of("from", alice, "to", bob, "quantity", 0, "reason", "Zero"),
            Map.of("from", alice, "to", bob, "quantity", -5, "reason", "Negative"),
            Map.of("from", alice, "to", bob, "quantity", 1))) {
      api.call(HttpMethod.POST, "/tokens/" + token + "/transfers", Api.operator(), bad)
          .expectStatus()
          .value(status -> assertThat(status).isBetween(400, 422));
    }
    assertThat(count("select count(*) from holding_transfer")).isEqualTo(before);
  }

  private static JsonNode last(List<JsonNode> changes, String owner) {
    return changes.stream()
        .filter(c -> owner.equals(c.get("ownerId").asString()))
        .reduce((a, b) -> b)
        .orElseThrow(() -> new AssertionError("no holding.changed for " + owner));
  }

  /** The data of this token's committed events of one type (read_committed, duplicates kept). */
  private List<JsonNode> committed(String type, int expected) {
    List<ConsumerRecord<String, String>> records =
        KafkaRecords.consume(
            TestInfrastructure.kafkaBootstrapServers(),
            "trading.events.v1",
            r -> token.equals(r.key()) && type.equals(KafkaRecords.header(r, "ce_type")),
            expected,
            Fixtures.MATCHED);
    return records.stream().map(r -> JSON.readTree(CloudEvents.fromRecord(r).dataJson())).toList();
  }
}
