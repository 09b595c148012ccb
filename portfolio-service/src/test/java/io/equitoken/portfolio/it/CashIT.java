package io.equitoken.portfolio.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.test.TestJwtIssuer;
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
 * The cash read model, built only from trading's {@code cash.changed} events shaped like the
 * contract's example: Alice deposits 5,000, buys 100 tokens from the issuer at 12.50 (fee 12.50 to
 * the fee account), withdraws 1,000; the founder is paid 1,237.50.
 */
class CashIT extends PortfolioIntegrationBase {

  private static final Instant T0 = Instant.parse("2026-10-05T09:00:00Z");

  private String token;
  private String founder;
  private String alice;
  private String fees;
  private String tradeId;

  @BeforeEach
  void aliceFundsAndBuys() {
    token = UUID.randomUUID().toString();
    founder = "founder-" + UUID.randomUUID();
    alice = "inv-alice-" + UUID.randomUUID();
    fees = "platform-fees-" + UUID.randomUUID();
    market.issue(token, "Cash Labs " + token, founder, 1000, "12.5", T0);
    market.deposit(alice, "5000", T0.plusSeconds(600));
    tradeId =
        market.tradeWithCash(
            token, alice, founder, fees, 100, "12.5", "12.5", true, T0.plusSeconds(3600));
    market.withdraw(alice, "1000", T0.plusSeconds(2 * 3600), T0.plusSeconds(26 * 3600));
    awaitCash(alice, "2750");
    awaitCash(founder, "1237.5");
  }

  @Test
  void shouldAddTheCashAccountToThePortfolioKeepingTotalValueTheHoldingsValue() {
    JsonNode portfolio = api.portfolio(alice);

    // 5000 − 1250 − 1000
    JsonNode cash = portfolio.get("cash");
    assertThat(cash.get("balance").decimalValue()).isEqualByComparingTo("2750");
    assertThat(cash.get("reserved").decimalValue()).isEqualByComparingTo("0");
    assertThat(cash.get("available").decimalValue()).isEqualByComparingTo("2750");
    assertThat(cash.get("currency").asString()).isEqualTo("USD");
    // totalValue stays the value of the holdings: 100 × 12.5
    assertThat(portfolio.get("totalValue").decimalValue()).isEqualByComparingTo("1250");
    assertThat(portfolio.get("asOf").asString()).isEqualTo(T0.plusSeconds(26 * 3600).toString());
    // the founder was paid the proceeds less the fee
    JsonNode founderCash =
        api.ok("/investor/portfolio", TestJwtIssuer.token(founder, "founder")).get("cash");
    assertThat(founderCash.get("balance").decimalValue()).isEqualByComparingTo("1237.5");
  }

  @Test
  void shouldShowZeroCashInTheSettlementCurrencyBeforeAnyCashEvent() {
    String newcomer = "inv-new-" + UUID.randomUUID();

    JsonNode cash = api.portfolio(newcomer).get("cash");

    assertThat(cash.get("balance").decimalValue()).isZero();
    assertThat(cash.get("reserved").decimalValue()).isZero();
    assertThat(cash.get("available").decimalValue()).isZero();
    assertThat(cash.get("currency").asString()).isEqualTo("USD");
  }

  @Test
  void shouldNeverShowAnotherInvestorsCash() {
    String mallory = "inv-mallory-" + UUID.randomUUID();

    // naming Alice is refused; Mallory's own answer has none of Alice's cash
    api.get("/investor/portfolio?investorId=" + alice, Api.investor(mallory))
        .expectStatus()
        .isForbidden();
    api.get("/investor/transactions?investorId=" + alice, Api.investor(mallory))
        .expectStatus()
        .isForbidden();
    api.get(
            "/investor/valuation-history?includeCash=true&investorId=" + alice,
            Api.investor(mallory))
        .expectStatus()
        .isForbidden();
    assertThat(api.portfolio(mallory).get("cash").get("balance").decimalValue()).isZero();
    assertThat(api.transactions(mallory, "?type=deposit")).isEmpty();
    // an operator reads Alice's
    JsonNode seen = api.ok("/investor/portfolio?investorId=" + alice, Api.operator());
    assertThat(seen.get("cash").get("balance").decimalValue()).isEqualByComparingTo("2750");
  }

  @Test
  void shouldListDepositsWithdrawalsAndTheCashLegOfEveryTrade() {
    JsonNode list = api.transactions(alice, "");

    // withdrawal (paid), purchase with its cash leg, deposit — reservations are not listed
    assertThat(list.findValues("type").stream().map(JsonNode::asString))
        .containsExactly("withdrawal", "purchase", "deposit");
    JsonNode withdrawal = list.get(0);
    assertThat(withdrawal.get("amount").decimalValue()).isEqualByComparingTo("1000");
    assertThat(withdrawal.get("cashAmount").decimalValue()).isEqualByComparingTo("-1000");
    assertThat(withdrawal.get("cashBalance").decimalValue()).isEqualByComparingTo("2750");
    assertThat(withdrawal.has("tokenId")).isFalse();
    assertThat(withdrawal.has("quantity")).isFalse();
    JsonNode purchase = list.get(1);
    assertThat(purchase.get("tradeId").asString()).isEqualTo(tradeId);
    assertThat(purchase.get("quantity").decimalValue()).isEqualByComparingTo("100");
    assertThat(purchase.get("price").decimalValue()).isEqualByComparingTo("12.5");
    assertThat(purchase.get("amount").decimalValue()).isEqualByComparingTo("1250");
    assertThat(purchase.get("cashAmount").decimalValue()).isEqualByComparingTo("-1250");
    assertThat(purchase.get("cashBalance").decimalValue()).isEqualByComparingTo("3750");
    assertThat(purchase.has("fee")).isFalse();
    JsonNode deposit = list.get(2);
    assertThat(deposit.get("amount").decimalValue()).isEqualByComparingTo("5000");
    assertThat(deposit.get("cashAmount").decimalValue()).isEqualByComparingTo("5000");
    assertThat(deposit.get("cashBalance").decimalValue()).isEqualByComparingTo("5000");
    assertThat(deposit.get("occurredAt").asString()).isEqualTo(T0.plusSeconds(600).toString());

    // the issuer's sale carries the net proceeds and the fee
    JsonNode sale =
        api.ok("/investor/transactions?type=sale", TestJwtIssuer.token(founder, "founder")).get(0);
    assertThat(sale.get("amount").decimalValue()).isEqualByComparingTo("1250");
    assertThat(sale.get("cashAmount").decimalValue()).isEqualByComparingTo("1237.5");
    assertThat(sale.get("fee").decimalValue()).isEqualByComparingTo("12.5");
    assertThat(sale.get("cashBalance").decimalValue()).isEqualByComparingTo("1237.5");
    // and the fee account (read by an operator) lists the fee
    JsonNode fee = api.ok("/investor/transactions?investorId=" + fees, Api.operator()).get(0);
    assertThat(fee.get("type").asString()).isEqualTo("fee");
    assertThat(fee.get("cashAmount").decimalValue()).isEqualByComparingTo("12.5");
    assertThat(fee.get("tradeId").asString()).isEqualTo(tradeId);
  }

  @Test
  void shouldFilterAndPageCashTransactionsLikeTheOthers() {
    assertThat(api.transactions(alice, "?type=deposit")).hasSize(1);
    assertThat(api.transactions(alice, "?type=withdrawal")).hasSize(1);
    assertThat(api.transactions(alice, "?type=purchase")).hasSize(1);
    assertThat(api.transactions(alice, "?type=adjustment")).isEmpty();
    // a token filter leaves out what moved no token
    assertThat(api.transactions(alice, "?tokenId=" + token).findValues("type"))
        .extracting(JsonNode::asString)
        .containsExactly("purchase");
    // from inclusive, to exclusive
    assertThat(
            api.transactions(alice, "?from=" + T0.plusSeconds(600) + "&to=" + T0.plusSeconds(3600)))
        .hasSize(1);

    // one per page, through the Link header, the same as the whole list
    List<String> ids = new ArrayList<>();
    String uri = "/investor/transactions?limit=1";
    for (int page = 0; page < 6 && uri != null; page++) {
      var result =
          api.get(uri, Api.investor(alice)).expectStatus().isOk().expectBody().returnResult();
      Api.parse(result.getResponseBody()).forEach(t -> ids.add(t.get("id").asString()));
      String link = result.getResponseHeaders().getFirst("Link");
      uri = link == null ? null : link.substring(1, link.indexOf('>'));
    }
    assertThat(ids)
        .hasSize(3)
        .isEqualTo(
            api.transactions(alice, "").findValues("id").stream().map(JsonNode::asString).toList());
  }

  @Test
  void shouldAddTheCashBalanceOfEachPointWhenAskedFor() {
    String range = "?from=" + T0 + "&to=2026-10-07T00:00:00Z&interval=day";

    JsonNode points =
        api.ok("/investor/valuation-history" + range + "&includeCash=true", Api.investor(alice))
            .get("points");

    // midnights of the 6th and 7th: cash 3750 then 2750 (paid on the 6th at 11:00)
    assertThat(points).hasSize(2);
    assertThat(points.get(0).get("cash").decimalValue()).isEqualByComparingTo("3750");
    assertThat(points.get(0).get("totalValue").decimalValue()).isEqualByComparingTo("1250");
    assertThat(points.get(0).get("totalWithCash").decimalValue()).isEqualByComparingTo("5000");
    assertThat(points.get(1).get("cash").decimalValue()).isEqualByComparingTo("2750");
    assertThat(points.get(1).get("totalWithCash").decimalValue()).isEqualByComparingTo("4000");
    // without it, the answer is as before
    JsonNode plain =
        api.ok("/investor/valuation-history" + range, Api.investor(alice)).get("points");
    assertThat(plain.get(0).has("cash")).isFalse();
    assertThat(plain.get(0).has("totalWithCash")).isFalse();
    // by event: deposit, reservation, purchase, withdrawal requested, withdrawal paid
    JsonNode events =
        api.ok(
                "/investor/valuation-history?from="
                    + T0
                    + "&to="
                    + T0.plusSeconds(2 * 86400)
                    + "&interval=event&includeCash=true",
                Api.investor(alice))
            .get("points");
    assertThat(events.findValues("cash").stream().map(JsonNode::decimalValue).toList())
        .usingElementComparator(BigDecimal::compareTo)
        .containsExactly(
            new BigDecimal("5000"),
            new BigDecimal("5000"),
            new BigDecimal("3750"),
            new BigDecimal("3750"),
            new BigDecimal("2750"));
  }

  @Test
  void shouldRefuseAnIncludeCashThatIsNotABoolean() {
    var problem =
        Api.json(
            api.get("/investor/valuation-history?includeCash=yes", Api.investor(alice))
                .expectStatus()
                .isBadRequest()
                .expectHeader()
                .contentType("application/problem+json"));
    assertThat(problem.get("field").asString()).isEqualTo("includeCash");
  }

  @Test
  void shouldApplyTheNewestSequenceWhateverTheOrderAndEachChangeOnce() {
    // given Bob's deposit, a reservation and its release, arriving newest first
    String bob = "inv-bob-" + UUID.randomUUID();
    var deposit =
        market.cash(bob, "deposit", "800", "0", T0, e -> e.put("depositId", "dep-" + bob));
    var reserved =
        market.cash(
            bob,
            "order_reserved",
            "0",
            "300",
            T0.plusSeconds(60),
            e -> e.put("orderId", "ord-" + bob));
    var released =
        market.cash(
            bob,
            "order_released",
            "0",
            "-300",
            T0.plusSeconds(120),
            e -> e.put("orderId", "ord-" + bob));
    Market.send(released);
    Market.send(reserved);
    // the same change twice: under its own id (redelivery) and under a new one
    Market.send(reserved);
    Market.send(new Market.Sent(bob, UUID.randomUUID().toString(), Market.CASH, reserved.data()));
    Market.send(deposit);

    // then the account is the newest change's, and each change is stored once
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> count("select count(*) from cash_change where owner_id = $1", bob) == 3);
    JsonNode cash = api.portfolio(bob).get("cash");
    assertThat(cash.get("balance").decimalValue()).isEqualByComparingTo("800");
    assertThat(cash.get("reserved").decimalValue()).isZero();
    assertThat(cash.get("available").decimalValue()).isEqualByComparingTo("800");
    assertThat(count("select sequence from cash_account where owner_id = $1", bob)).isEqualTo(3);
    assertThat(api.transactions(bob, "").findValues("type"))
        .extracting(JsonNode::asString)
        .containsExactly("deposit");
  }

  @Test
  void shouldReconcileCashAndReportAnAccountWithAMissingChange() {
    // given Carol's deposit and a paid withdrawal whose request has not arrived
    String carol = "inv-carol-" + UUID.randomUUID();
    market.deposit(carol, "300", T0);
    var requested =
        market.cash(
            carol,
            "withdrawal_requested",
            "0",
            "100",
            T0.plusSeconds(60),
            e -> e.put("withdrawalId", "wd-" + carol));
    Market.send(
        market.cash(
            carol,
            "withdrawal_paid",
            "-100",
            "-100",
            T0.plusSeconds(120),
            e -> e.put("withdrawalId", "wd-" + carol)));
    awaitCash(carol, "200");

    // then reconciliation names her account: 2 changes seen of 3
    JsonNode off = offAccount(carol);
    assertThat(off).isNotNull();
    assertThat(off.get("sequence").asLong()).isEqualTo(3);
    assertThat(off.get("changesSeen").asLong()).isEqualTo(2);

    // when the missing change arrives, her account adds up again
    Market.send(requested);
    await().atMost(Duration.ofSeconds(60)).until(() -> offAccount(carol) == null);
    // and, every account's changes being complete, balances equal deposits − paid withdrawals
    JsonNode usd = null;
    for (JsonNode c : api.ok("/portfolio/reconciliation", Api.operator()).get("cash")) {
      if (c.get("currency").asString().equals("USD")) {
        usd = c;
      }
    }
    assertThat(usd).isNotNull();
    assertThat(usd.get("difference").decimalValue()).isZero();
    assertThat(usd.get("balances").decimalValue())
        .isEqualByComparingTo(
            usd.get("deposits")
                .decimalValue()
                .subtract(usd.get("withdrawalsPaid").decimalValue())
                .add(usd.get("adjustments").decimalValue()));
  }

  private JsonNode offAccount(String owner) {
    for (JsonNode a : api.ok("/portfolio/reconciliation", Api.operator()).get("cashAccountsOff")) {
      if (a.get("ownerId").asString().equals(owner)) {
        return a;
      }
    }
    return null;
  }

  private void awaitCash(String owner, String balance) {
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(250))
        .until(
            () ->
                api.ok("/investor/portfolio?investorId=" + owner, Api.operator())
                        .get("cash")
                        .get("balance")
                        .decimalValue()
                        .compareTo(new BigDecimal(balance))
                    == 0);
  }
}
