package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.events.CloudEvents;
import io.equitoken.platform.test.EventContracts;
import io.equitoken.platform.test.KafkaRecords;
import io.equitoken.platform.test.TestInfrastructure;
import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Delivery versus payment end to end, with the embedded matcher on the real broker and database and
 * a platform fee of 25 basis points: a funded buy fills at the issuer's better price, the buyer
 * pays exactly the fill from its reservation and gets the rest back, the issuer is paid the fill
 * minus the fee, the fee account gets the fee, every leg once, and the books stay balanced; a
 * cancelled buy releases all it reserved, and a buy cut short by self-trade prevention pays only
 * its fills.
 */
class CashSettlementIT extends MatcherIntegrationTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @DynamicPropertySource
  static void matcher(DynamicPropertyRegistry registry) {
    registerMatcher(registry, "trading_cash", "cash-settlement-it");
    registry.add("equitoken.trading.cash.fee-basis-points", () -> "25");
  }

  @BeforeEach
  void market() {
    fixtures.openWindow(token);
  }

  @Test
  void shouldPayTheIssuerFromTheBuyersReservationOncePerFill() {
    // given the issuer offers 100 at 2.50 and a funded investor with 1,000.00
    String issuerToken = Api.token(issuer, "founder");
    api.place(issuerToken, Api.order(token, "sell", 100, 2.5));
    String investor = fixtures.unfundedInvestor();
    api.deposit(investor, "1000.00");

    // when the investor buys 40 at up to 2.60
    String buy = api.place(Api.investor(investor), Api.order(token, "buy", 40, 2.6));

    // then it fills at 2.50 and the order shows what it reserved, spent and released
    JsonNode status = fixtures.awaitStatus(buy, Api.investor(investor), "filled");
    JsonNode cash = status.get("cash");
    assertThat(cash.get("reserved").decimalValue()).isEqualByComparingTo("104.00");
    await()
        .atMost(Fixtures.MATCHED)
        .untilAsserted(
            () -> {
              JsonNode c = api.get("/trade/status/" + buy, Api.investor(investor)).get("cash");
              assertThat(c.get("spent").decimalValue()).isEqualByComparingTo("100.00");
              assertThat(c.get("released").decimalValue()).isEqualByComparingTo("4.00");
              assertThat(c.get("held").decimalValue()).isEqualByComparingTo("0");
            });
    // and the buyer paid exactly the fill; nothing stays reserved
    JsonNode buyer = api.cash(investor);
    assertThat(buyer.get("balance").decimalValue()).isEqualByComparingTo("900.00");
    assertThat(buyer.get("reserved").decimalValue()).isEqualByComparingTo("0");
    // and the issuer received 100.00 minus the 0.25 % fee (0.25), the fee account the fee
    JsonNode seller = api.cash(issuer, "founder");
    assertThat(seller.get("balance").decimalValue()).isEqualByComparingTo("99.75");
    JsonNode fees = api.get("/cash/accounts/platform-fees", Api.operator());
    assertThat(fees.get("balance").decimalValue()).isGreaterThanOrEqualTo(new BigDecimal("0.25"));
    // and the buyer's ledger reads: deposit, reserved, bought, released
    List<String> types =
        java.util.stream.StreamSupport.stream(
                api.get("/cash/transactions", Api.investor(investor)).spliterator(), false)
            .map(l -> l.get("type").asString())
            .toList();
    assertThat(types).containsExactly("order_released", "buy", "order_reserved", "deposit");
    JsonNode bought = api.get("/cash/transactions?type=buy", Api.investor(investor)).get(0);
    assertThat(bought.get("amount").decimalValue()).isEqualByComparingTo("-100.00");
    assertThat(bought.get("price").decimalValue()).isEqualByComparingTo("2.50");
    assertThat(bought.get("quantity").decimalValue()).isEqualByComparingTo("40");
    JsonNode sold = api.get("/cash/transactions?type=sell", Api.token(issuer, "founder")).get(0);
    assertThat(sold.get("amount").decimalValue()).isEqualByComparingTo("99.75");
    assertThat(sold.get("fee").decimalValue()).isEqualByComparingTo("0.25");
    // and each leg was settled exactly once, the books balanced
    assertThat(
            count(
                "select count(*) from cash_settlement where buy_order_id = $1",
                UUID.fromString(buy)))
        .isEqualTo(1);
    assertThat(api.get("/cash/summary", Api.operator()).get("balanced").asBoolean()).isTrue();
    // and the cash.changed events conform to the contract, in the owner's sequence
    List<ConsumerRecord<String, String>> changes = cashChanged(investor, 4);
    changes.forEach(EventContracts::assertConforms);
    assertThat(changes)
        .extracting(
            r -> JSON.readTree(CloudEvents.fromRecord(r).dataJson()).get("sequence").asLong())
        .containsExactly(1L, 2L, 3L, 4L);
  }

  @Test
  void shouldReleaseEverythingACancelledBuyReserved() {
    String investor = fixtures.unfundedInvestor();
    api.deposit(investor, "50.00");
    String buy = api.place(Api.investor(investor), Api.order(token, "buy", 10, 2.0));
    fixtures.awaitStatus(buy, Api.investor(investor), "open");
    assertThat(api.cash(investor).get("available").decimalValue()).isEqualByComparingTo("30.00");

    api.call(HttpMethod.DELETE, "/trade/" + buy, Api.investor(investor), null)
        .expectStatus()
        .isAccepted();
    fixtures.awaitStatus(buy, Api.investor(investor), "cancelled");

    await()
        .atMost(Fixtures.MATCHED)
        .untilAsserted(
            () -> {
              JsonNode account = api.cash(investor);
              assertThat(account.get("balance").decimalValue()).isEqualByComparingTo("50.00");
              assertThat(account.get("reserved").decimalValue()).isEqualByComparingTo("0");
            });
  }

  @Test
  void shouldChargeOnlyTheFillsOfABuyThatSelfTradePreventionCut() {
    // given the issuer offers 100 at 2.50 and a funded investor who bought 10 of them
    api.place(Api.token(issuer, "founder"), Api.order(token, "sell", 100, 2.5));
    String investor = fixtures.unfundedInvestor();
    api.deposit(investor, "1000.00");
    String first = api.place(Api.investor(investor), Api.order(token, "buy", 10, 2.5));
    fixtures.awaitStatus(first, Api.investor(investor), "filled");
    // and who now offers those 10 at 2.60
    String ownAsk = api.place(Api.investor(investor), Api.order(token, "sell", 10, 2.6));
    fixtures.awaitStatus(ownAsk, Api.investor(investor), "open");

    // when the investor buys 120 at up to 2.70: 90 fill at 2.50, then the buy reaches its own ask
    String buy = api.place(Api.investor(investor), Api.order(token, "buy", 120, 2.7));

    // then the remainder is cancelled, never traded with itself, and the buy paid only its fills
    fixtures.awaitStatus(buy, Api.investor(investor), "cancelled");
    await()
        .atMost(Fixtures.MATCHED)
        .untilAsserted(
            () -> {
              JsonNode c = api.get("/trade/status/" + buy, Api.investor(investor)).get("cash");
              assertThat(c.get("reserved").decimalValue()).isEqualByComparingTo("324.00");
              assertThat(c.get("spent").decimalValue()).isEqualByComparingTo("225.00");
              assertThat(c.get("released").decimalValue()).isEqualByComparingTo("99.00");
              assertThat(c.get("held").decimalValue()).isEqualByComparingTo("0");
            });
    JsonNode account = api.cash(investor);
    assertThat(account.get("balance").decimalValue()).isEqualByComparingTo("750.00");
    assertThat(account.get("reserved").decimalValue()).isEqualByComparingTo("0");
    assertThat(api.get("/trade/status/" + ownAsk, Api.investor(investor)).get("status").asString())
        .isEqualTo("open");
    assertThat(api.get("/cash/summary", Api.operator()).get("balanced").asBoolean()).isTrue();
  }

  private List<ConsumerRecord<String, String>> cashChanged(String owner, int expected) {
    return KafkaRecords.consume(
        TestInfrastructure.kafkaBootstrapServers(),
        "trading.events.v1",
        r ->
            owner.equals(r.key())
                && "equitoken.trading.cash.changed.v1".equals(KafkaRecords.header(r, "ce_type")),
        expected,
        Fixtures.MATCHED);
  }
}
