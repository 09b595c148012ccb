package io.equitoken.platform.web.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.json.JsonMapper;

class NumberRuleTest {

  record Amount(BigDecimal quantity) {}

  private static final JsonMapper JSON =
      JsonMapper.builder().addModule(NumberRuleBigDecimalDeserializer.module()).build();

  @Test
  void shouldAcceptOrdinaryAmountsUpToTheLimit() {
    assertThat(NumberRule.violation(new BigDecimal("2.5"))).isNull();
    assertThat(NumberRule.violation(new BigDecimal("1e99"))).isNull();
    assertThat(NumberRule.violation(new BigDecimal("1e-100"))).isNull();
    assertThat(NumberRule.violation(new BigDecimal("9".repeat(100)))).isNull();
  }

  @Test
  void shouldRefuseNumbersWhosePlainFormIsHuge() {
    assertThat(NumberRule.violation(new BigDecimal("1e999999999"))).contains("before");
    assertThat(NumberRule.violation(new BigDecimal("-1e999999999"))).contains("before");
    assertThat(NumberRule.violation(new BigDecimal("1e-999999999"))).contains("after");
    assertThat(NumberRule.violation(new BigDecimal("1E+2147483647"))).contains("before");
    assertThat(NumberRule.violation(new BigDecimal("1e100"))).contains("before");
    assertThat(NumberRule.violation(new BigDecimal("1e-101"))).contains("after");
  }

  @Test
  void shouldRefuseThemWhileReadingABodyNamingTheField() {
    assertThatThrownBy(() -> JSON.readValue("{\"quantity\":1e999999999}", Amount.class))
        .isInstanceOf(InvalidFormatException.class)
        .hasMessageContaining("quantity")
        .hasMessageContaining("digits before the decimal point");
    assertThat(JSON.readValue("{\"quantity\":2.5}", Amount.class).quantity())
        .isEqualByComparingTo("2.5");
  }
}
