package io.equitoken.trading.service.cash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class MoneyTest {

  private static final Money USD = Money.of("USD");

  @Test
  void shouldCountUsdInCents() {
    assertThat(USD.scale()).isEqualTo(2);
    assertThat(USD.minor(new BigDecimal("12.75"))).isEqualTo(1275);
    assertThat(USD.major(1275)).isEqualByComparingTo("12.75");
    assertThat(USD.major(1250).toPlainString()).isEqualTo("12.50");
    assertThat(USD.exact(new BigDecimal("1.230"))).isTrue();
    assertThat(USD.exact(new BigDecimal("1.234"))).isFalse();
    assertThatThrownBy(() -> USD.minor(new BigDecimal("1.234")))
        .isInstanceOf(ArithmeticException.class);
    assertThat(Money.of("JPY").scale()).isZero();
  }

  @Test
  void shouldRoundEachWayThatKeepsTheLedgerWhole() {
    assertThat(USD.reserveFor(new BigDecimal("0.999"), new BigDecimal("3.33"))).isEqualTo(333);
    assertThat(USD.fillCost(BigDecimal.ZERO, new BigDecimal("0.005"))).isEqualTo(1);
    assertThat(USD.fillCost(new BigDecimal("0.005"), new BigDecimal("0.004"))).isZero();
    assertThat(Money.fee(12_750, 25)).isEqualTo(31);
    assertThat(Money.fee(12_750, 0)).isZero();
  }

  @Property
  void shouldNeverChargeTheFillsOfAnOrderMoreThanItReserved(
      @ForAll @IntRange(min = 1, max = 5000) int lots,
      @ForAll @IntRange(min = 1, max = 100000) int limitTicks,
      @ForAll @IntRange(min = 1, max = 50) int parts) {
    BigDecimal lot = new BigDecimal("0.001");
    BigDecimal limit = USD.major(limitTicks);
    long reserved = USD.reserveFor(lot.multiply(BigDecimal.valueOf(lots)), limit);
    BigDecimal notional = BigDecimal.ZERO;
    long charged = 0;
    int left = lots;
    for (int i = 0; i < parts && left > 0; i++) {
      int take = i == parts - 1 ? left : Math.max(1, left / 2);
      BigDecimal fill = lot.multiply(BigDecimal.valueOf(take)).multiply(limit);
      charged += USD.fillCost(notional, fill);
      notional = notional.add(fill);
      left -= take;
    }
    assertThat(charged).isLessThanOrEqualTo(reserved);
  }
}
