package io.equitoken.trading.service.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.equitoken.platform.core.RefusedException;
import io.equitoken.trading.service.market.TokenInfo;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RulesValidationTest {
  private static final TokenInfo TOKEN =
      new TokenInfo(
          "tok-1",
          "lst-1",
          "founder-1",
          new BigDecimal("1000"),
          new BigDecimal("2.5"),
          new BigDecimal("0.01"),
          new BigDecimal("5"),
          Instant.EPOCH);

  private static RulesRequest request(
      List<String> allowed, List<String> blocked, String maxHolding, String percent, String min) {
    return new RulesRequest(
        null,
        null,
        null,
        allowed,
        blocked,
        maxHolding == null ? null : new BigDecimal(maxHolding),
        percent == null ? null : new BigDecimal(percent),
        null,
        null,
        min == null ? null : new BigDecimal(min),
        null,
        "why");
  }

  private static String field(RulesRequest r) {
    return catchThrowableOfType(RefusedException.class, () -> RulesService.validate(r, TOKEN))
        .refusal()
        .field();
  }

  @Test
  void shouldResolveAPercentOfSupplyDownToTheLotGrid() {
    // 1.7 % of 1000 = 17 tokens, lots of 5: 15
    TokenRules rules = RulesService.validate(request(null, null, null, "1.7", null), TOKEN);
    assertThat(rules.maxHolding()).isEqualByComparingTo("15");
    assertThat(rules.maxHoldingPercent()).isEqualByComparingTo("1.7");
    assertThat(field(request(null, null, null, "0.1", null)))
        .as("less than one lot")
        .isEqualTo("maxHoldingPercent");
  }

  @Test
  void shouldRefuseQuantitiesOffTheLotGridOrBothHoldingForms() {
    assertThat(field(request(null, null, "12", null, null))).isEqualTo("maxHolding");
    assertThat(field(request(null, null, null, null, "7"))).isEqualTo("minOrderSize");
    assertThat(field(request(null, null, "10", "1", null))).isEqualTo("maxHoldingPercent");
    assertThat(RulesService.validate(request(null, null, "10", null, "5"), TOKEN).minOrderSize())
        .isEqualByComparingTo("5");
  }

  @Test
  void shouldSortCountriesAndRefuseOneBothAllowedAndBlocked() {
    TokenRules rules =
        RulesService.validate(
            request(List.of("FR", "DE", "FR"), List.of(), null, null, null), TOKEN);
    assertThat(rules.allowedJurisdictions()).containsExactly("DE", "FR");
    assertThat(field(request(List.of("DE"), List.of("DE"), null, null, null)))
        .isEqualTo("blockedJurisdictions");
    assertThat(field(request(List.of("deu"), List.of(), null, null, null)))
        .isEqualTo("allowedJurisdictions");
  }
}
