package io.equitoken.trading.service.order;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.core.RefusedException;
import io.equitoken.trading.service.market.OrderFacts;
import io.equitoken.trading.service.market.TokenInfo;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OrderLimitsTest {

  private static final TokenInfo TOKEN =
      new TokenInfo(
          "tok",
          "lst",
          "issuer",
          new BigDecimal("1000000"),
          new BigDecimal("12.50"),
          new BigDecimal("0.01"),
          BigDecimal.ONE,
          Instant.parse("2026-11-01T00:00:00Z"));
  private static final UUID WINDOW = UUID.randomUUID();
  private final OrderLimits limits = new OrderLimits(3, BigDecimal.TEN);

  @Test
  void shouldRefuseAnotherOrderOnceTheOpenOrdersOfATokenReachTheCap() {
    assertThatCode(() -> limits.check(buy("12.50"), facts(2, null))).doesNotThrowAnyException();
    assertThatThrownBy(() -> limits.check(buy("12.50"), facts(3, null)))
        .isInstanceOfSatisfying(
            RefusedException.class,
            e -> {
              org.assertj.core.api.Assertions.assertThat(e.refusal().code())
                  .isEqualTo("too-many-open-orders");
              org.assertj.core.api.Assertions.assertThat(e.refusal().status()).isEqualTo(409);
              org.assertj.core.api.Assertions.assertThat(e.refusal().extensions())
                  .containsEntry("limit", 3);
            });
  }

  @Test
  void shouldRefuseAPriceOutsideTheBandAroundTheIssuePriceBeforeTheFirstTrade() {
    // 12.50 / 10 = 1.25 and 12.50 × 10 = 125.00
    assertThatCode(() -> limits.check(buy("1.25"), facts(0, null))).doesNotThrowAnyException();
    assertThatCode(() -> limits.check(buy("125.00"), facts(0, null))).doesNotThrowAnyException();
    for (String price : new String[] {"1.00", "1.24", "125.01", "9999"}) {
      assertThatThrownBy(() -> limits.check(buy(price), facts(0, null)))
          .isInstanceOfSatisfying(
              RefusedException.class,
              e -> {
                org.assertj.core.api.Assertions.assertThat(e.refusal().code())
                    .isEqualTo("price-outside-reference-band");
                org.assertj.core.api.Assertions.assertThat(e.refusal().field())
                    .isEqualTo("maxPrice");
              });
    }
  }

  @Test
  void shouldJudgeAgainstTheLastTradeOnceThereIsOne() {
    // last trade 2.00: the band is 0.20 .. 20.00, so the issue price's 100.00 is now refused
    assertThatCode(() -> limits.check(buy("0.20"), facts(0, "2.00"))).doesNotThrowAnyException();
    assertThatThrownBy(() -> limits.check(buy("100.00"), facts(0, "2.00")))
        .isInstanceOf(RefusedException.class);
  }

  @Test
  void shouldLeaveAnUnknownTokenToTheGates() {
    assertThatCode(() -> limits.check(buy("0.01"), OrderFacts.NONE)).doesNotThrowAnyException();
  }

  private static OrderFacts facts(long openOrders, String lastPrice) {
    return new OrderFacts(
        TOKEN,
        null,
        true,
        WINDOW,
        openOrders,
        lastPrice == null ? null : new BigDecimal(lastPrice));
  }

  private static OrderRequest buy(String price) {
    return new OrderRequest("tok", "buy", BigDecimal.ONE, new BigDecimal(price));
  }
}
