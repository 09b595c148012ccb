package io.equitoken.trading.service.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.core.Refusal;
import io.equitoken.trading.service.market.KycStanding;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IntakeRulesTest {
  private static final Instant NOW = Instant.parse("2026-11-27T14:00:00Z");
  private static final String TOKEN = "tok-1";

  private static KycStanding kyc(String country, boolean accredited, Instant accreditationExpires) {
    return new KycStanding(
        "inv-1",
        "approved",
        NOW.plusSeconds(86_400),
        NOW,
        country,
        accredited ? "accredited" : "none",
        accreditationExpires);
  }

  private static TokenRules rules(
      boolean accreditedOnly, List<String> allowed, List<String> blocked, String minOrder) {
    return new TokenRules(
        null,
        null,
        accreditedOnly,
        allowed,
        blocked,
        null,
        null,
        null,
        false,
        minOrder == null ? null : new BigDecimal(minOrder));
  }

  private static String code(Optional<Refusal> refusal) {
    return refusal.map(Refusal::code).orElse("admitted");
  }

  private static Optional<Refusal> buy(TokenRules r, KycStanding k, String qty, boolean issuer) {
    return IntakeRules.check(r, TOKEN, k, "buy", new BigDecimal(qty), issuer, NOW);
  }

  @Test
  void shouldRefuseAnOrderBelowTheMinimumSizeEvenFromTheIssuer() {
    TokenRules r = rules(false, List.of(), List.of(), "10");
    Optional<Refusal> refused = buy(r, kyc("DE", true, null), "9", true);
    assertThat(code(refused)).isEqualTo("rule-min-order-size");
    assertThat(refused.orElseThrow().status()).isEqualTo(422);
    assertThat(refused.orElseThrow().field()).isEqualTo("quantity");
    assertThat(refused.orElseThrow().extensions())
        .containsKey("nextStep")
        .containsEntry("rule", "rule.min_order_size");
    assertThat(code(buy(r, kyc("DE", true, null), "10", false))).isEqualTo("admitted");
  }

  @Test
  void shouldAdmitOnlyBuyersAccreditedNow() {
    TokenRules r = rules(true, List.of(), List.of(), null);
    assertThat(code(buy(r, kyc("DE", false, null), "1", false))).isEqualTo("rule-accredited-only");
    assertThat(code(buy(r, kyc("DE", true, NOW.minusSeconds(1)), "1", false)))
        .as("a lapsed accreditation")
        .isEqualTo("rule-accredited-only");
    assertThat(code(buy(r, null, "1", false))).isEqualTo("rule-accredited-only");
    assertThat(code(buy(r, kyc("DE", true, NOW.plusSeconds(1)), "1", false))).isEqualTo("admitted");
    assertThat(
            code(
                IntakeRules.check(
                    r, TOKEN, kyc("DE", false, null), "sell", BigDecimal.ONE, false, NOW)))
        .as("sellers may always leave")
        .isEqualTo("admitted");
    assertThat(code(buy(r, kyc("DE", false, null), "1", true)))
        .as("the issuer")
        .isEqualTo("admitted");
  }

  @Test
  void shouldJudgeTheKycCountryByAllowAndBlockLists() {
    TokenRules blocked = rules(false, List.of(), List.of("US"), null);
    assertThat(code(buy(blocked, kyc("US", true, null), "1", false)))
        .isEqualTo("rule-jurisdiction");
    assertThat(code(buy(blocked, kyc(null, true, null), "1", false))).isEqualTo("admitted");
    TokenRules allowed = rules(false, List.of("DE", "FR"), List.of(), null);
    assertThat(code(buy(allowed, kyc("FR", false, null), "1", false))).isEqualTo("admitted");
    assertThat(code(buy(allowed, kyc(null, false, null), "1", false)))
        .as("an unknown country is not an allowed one")
        .isEqualTo("rule-jurisdiction");
  }

  @Test
  void shouldJudgeHolderCapsAndHoldingFromProjectedHoldings() {
    TokenRules r =
        new TokenRules(
            2L, 1L, false, List.of(), List.of(), new BigDecimal("100"), null, null, false, null);
    HolderFacts full = new HolderFacts(BigDecimal.ZERO, BigDecimal.ZERO, 2, 1);
    assertThat(code(IntakeRules.checkHolders(r, TOKEN, full, "buy", BigDecimal.ONE, false, true)))
        .isEqualTo("rule-max-holders");
    HolderFacts room = new HolderFacts(BigDecimal.ZERO, BigDecimal.ZERO, 1, 1);
    assertThat(code(IntakeRules.checkHolders(r, TOKEN, room, "buy", BigDecimal.ONE, false, false)))
        .isEqualTo("rule-max-non-accredited-holders");
    assertThat(code(IntakeRules.checkHolders(r, TOKEN, room, "buy", BigDecimal.ONE, false, true)))
        .isEqualTo("admitted");
    HolderFacts holder = new HolderFacts(new BigDecimal("60"), new BigDecimal("30"), 2, 1);
    assertThat(
            code(IntakeRules.checkHolders(r, TOKEN, holder, "buy", BigDecimal.TEN, false, false)))
        .isEqualTo("admitted");
    assertThat(
            code(
                IntakeRules.checkHolders(
                    r, TOKEN, holder, "buy", new BigDecimal("11"), false, false)))
        .as("holding + open buys + order above 100")
        .isEqualTo("rule-max-holding");
    assertThat(code(IntakeRules.checkHolders(r, TOKEN, full, "buy", BigDecimal.ONE, true, false)))
        .as("the issuer")
        .isEqualTo("admitted");
  }
}
