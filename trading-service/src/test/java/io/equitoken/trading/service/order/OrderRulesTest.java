package io.equitoken.trading.service.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.equitoken.platform.core.RefusedException;
import io.equitoken.trading.service.market.TokenInfo;
import java.math.BigDecimal;
import java.time.Instant;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The shape of an order before any gate: side, amounts, grid and supply. */
class OrderRulesTest {

  private static final TokenInfo FINE =
      new TokenInfo(
          "tok-1",
          "lst-1",
          "founder-1",
          new BigDecimal("1000.5"),
          new BigDecimal("0.125"),
          new BigDecimal("0.001"),
          new BigDecimal("0.1"),
          Instant.parse("2026-11-01T00:00:00Z"));

  @Test
  void shouldAcceptAnOrderOnTheDefaultGridWhenTheTokenIsUnknown() {
    assertThatCode(() -> OrderRules.check(order("buy", "10", "2.55"), null))
        .doesNotThrowAnyException();
    assertThat(refusal(order("buy", "10", "2.555"), null).code()).isEqualTo("off-grid");
    assertThat(refusal(order("buy", "0.5", "2.55"), null).code()).isEqualTo("off-grid");
  }

  @Test
  void shouldCheckAmountsOnTheTokensOwnFinerGrid() {
    assertThatCode(() -> OrderRules.check(order("sell", "0.5", "0.125"), FINE))
        .doesNotThrowAnyException();
    var offTick = refusal(order("sell", "0.5", "0.1255"), FINE);
    assertThat(offTick.code()).isEqualTo("off-grid");
    assertThat(offTick.field()).isEqualTo("maxPrice");
    assertThat(offTick.extensions()).containsEntry("tickSize", new BigDecimal("0.001"));
    var offLot = refusal(order("sell", "0.55", "0.125"), FINE);
    assertThat(offLot.field()).isEqualTo("quantity");
    assertThat(offLot.extensions()).containsEntry("lotSize", new BigDecimal("0.1"));
  }

  @Test
  void shouldRefuseABadTokenIdAsABadRequest() {
    for (String id : new String[] {null, "", "  ", "x".repeat(101)}) {
      var r = refusal(new OrderRequest(id, "buy", BigDecimal.ONE, BigDecimal.ONE), null);
      assertThat(r.status()).isEqualTo(400);
      assertThat(r.code()).isEqualTo("invalid-token-id");
      assertThat(r.field()).isEqualTo("tokenId");
    }
  }

  @Test
  void shouldRefuseASideOtherThanBuyOrSellListingTheAllowedOnes() {
    var r = refusal(order("hold", "1", "1"), null);
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.code()).isEqualTo("validation-failed");
    assertThat(r.field()).isEqualTo("type");
    assertThat(r.extensions()).containsEntry("allowed", OrderRules.SIDES);
  }

  @Test
  void shouldRefuseMissingAmountsAsBadRequestsAndNamedField() {
    var noQuantity = refusal(new OrderRequest("tok-1", "buy", null, BigDecimal.ONE), null);
    assertThat(noQuantity.status()).isEqualTo(400);
    assertThat(noQuantity.code()).isEqualTo("missing-field");
    assertThat(noQuantity.field()).isEqualTo("quantity");
    var noPrice = refusal(new OrderRequest("tok-1", "buy", BigDecimal.ONE, null), null);
    assertThat(noPrice.field()).isEqualTo("maxPrice");
  }

  @Test
  void shouldRefuseZeroOrNegativeAmounts() {
    for (String q : new String[] {"0", "-1"}) {
      var r = refusal(order("buy", q, "1"), null);
      assertThat(r.status()).isEqualTo(422);
      assertThat(r.code()).isEqualTo("not-positive");
      assertThat(r.field()).isEqualTo("quantity");
    }
    assertThat(refusal(order("buy", "1", "0.00"), null).field()).isEqualTo("maxPrice");
  }

  @Test
  void shouldRefuseAmountsAboveTheirBoundsButAcceptTheBoundsThemselves() {
    assertThatCode(
            () ->
                OrderRules.check(
                    new OrderRequest("tok-1", "buy", OrderRules.MAX_QUANTITY, OrderRules.MAX_PRICE),
                    null))
        .doesNotThrowAnyException();
    var q = refusal(order("buy", "1000000001", "1"), null);
    assertThat(q.code()).isEqualTo("out-of-range");
    assertThat(q.field()).isEqualTo("quantity");
    var p = refusal(order("buy", "1", "10000000.01"), null);
    assertThat(p.code()).isEqualTo("out-of-range");
    assertThat(p.field()).isEqualTo("maxPrice");
  }

  @Test
  void shouldRefuseAQuantityAboveTheTokensSupply() {
    assertThatCode(() -> OrderRules.check(order("buy", "1000.5", "0.125"), FINE))
        .doesNotThrowAnyException();
    var r = refusal(order("buy", "1000.6", "0.125"), FINE);
    assertThat(r.status()).isEqualTo(422);
    assertThat(r.code()).isEqualTo("quantity-above-supply");
    assertThat(r.detail()).contains("1000.5");
  }

  @Property(tries = 200)
  void shouldAcceptEveryWholeTickPriceAndRefuseEveryHalfTick(
      @ForAll @IntRange(min = 1, max = 1_000_000) int ticks) {
    BigDecimal onGrid = new BigDecimal(ticks).movePointLeft(2);
    assertThatCode(() -> OrderRules.check(order("buy", "1", onGrid.toPlainString()), null))
        .doesNotThrowAnyException();
    BigDecimal offGrid = onGrid.add(new BigDecimal("0.005"));
    assertThat(refusal(order("buy", "1", offGrid.toPlainString()), null).code())
        .isEqualTo("off-grid");
  }

  private static OrderRequest order(String side, String quantity, String price) {
    return new OrderRequest("tok-1", side, new BigDecimal(quantity), new BigDecimal(price));
  }

  private static io.equitoken.platform.core.Refusal refusal(OrderRequest r, TokenInfo token) {
    RefusedException e =
        catchThrowableOfType(RefusedException.class, () -> OrderRules.check(r, token));
    assertThat(e).as("a refusal of " + r).isNotNull();
    return e.refusal();
  }
}
