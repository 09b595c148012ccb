package io.equitoken.trading.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.trading.engine.TokenSpec.OffGridInputException;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class TokenSpecTest {
  private final TokenSpec spec =
      new TokenSpec(new BigDecimal("0.05"), new BigDecimal("10"), new BigDecimal("12.50"));

  @Test
  void shouldConvertOnGridDecimalsExactly() {
    // when / then
    assertThat(spec.toTicks(new BigDecimal("12.35"))).isEqualTo(247);
    assertThat(spec.toLots(new BigDecimal("130"))).isEqualTo(13);
    assertThat(spec.price(247)).isEqualByComparingTo("12.35");
    assertThat(spec.issuePriceTicks()).isEqualTo(250);
  }

  @Test
  void shouldRejectOffTickPriceInsteadOfRounding() {
    // when / then
    assertThatThrownBy(() -> spec.toTicks(new BigDecimal("12.37")))
        .isInstanceOfSatisfying(
            OffGridInputException.class,
            e -> assertThat(e.code()).isEqualTo(ReasonCode.INPUT_OFF_TICK))
        .hasMessage("Expected price 12.37 to be a multiple of the tick size 0.05, but it is not");
  }

  @Test
  void shouldRejectOffLotQuantity() {
    // when / then
    assertThatThrownBy(() -> spec.toLots(new BigDecimal("15")))
        .isInstanceOfSatisfying(
            OffGridInputException.class,
            e -> assertThat(e.code()).isEqualTo(ReasonCode.INPUT_OFF_LOT));
  }

  @Test
  void shouldRejectNonPositiveQuantity() {
    // when / then
    assertThatThrownBy(() -> spec.toLots(BigDecimal.ZERO))
        .isInstanceOfSatisfying(
            OffGridInputException.class,
            e -> assertThat(e.code()).isEqualTo(ReasonCode.INPUT_OUT_OF_RANGE));
  }
}
