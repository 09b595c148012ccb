package io.equitoken.trading.service.rules;

import io.equitoken.platform.core.Refusal;
import io.equitoken.trading.service.market.KycStanding;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

/**
 * The transfer rules order intake can judge from its own state, before anything is stored: the
 * minimum order size, accredited-only and the jurisdictions (from the KYC read model). Each refusal
 * is a 422 with a kebab-case problem code ({@code rule-min-order-size}, …), the matcher's reason
 * code of the same rule as {@code rule} ({@code rule.min_order_size}, …) and a {@code nextStep}.
 * The token's issuer is exempt from all but the minimum size. The holder caps, the maximum holding
 * and lock-ups depend on holdings only the matcher knows: it stays their authority.
 */
public final class IntakeRules {

  private IntakeRules() {}

  /** The first rule the order breaks, or empty. */
  public static Optional<Refusal> check(
      TokenRules rules,
      String tokenId,
      KycStanding kyc,
      String side,
      BigDecimal quantity,
      boolean issuer,
      Instant now) {
    if (rules.minOrderSize() != null
        && quantity != null
        && quantity.compareTo(rules.minOrderSize()) < 0) {
      return Optional.of(
          withNextStep(
                  Refusal.unprocessable(
                      "rule-min-order-size",
                      "Expected an order of at least "
                          + rules.minOrderSize().toPlainString()
                          + " tokens, but it was "
                          + quantity.toPlainString()),
                  RuleCodes.MIN_ORDER_SIZE,
                  tokenId)
              .withField("quantity")
              .with("minOrderSize", rules.minOrderSize()));
    }
    if (issuer || !"buy".equals(side)) {
      return Optional.empty();
    }
    if (rules.accreditedOnly() && (kyc == null || !kyc.accreditedAt(now))) {
      return Optional.of(
          withNextStep(
              Refusal.unprocessable(
                  "rule-accredited-only",
                  "Only accredited investors may buy token " + tokenId + ", and you are not one"),
              RuleCodes.ACCREDITED_ONLY,
              tokenId));
    }
    String country = kyc == null ? null : kyc.country();
    if (!rules.admitsJurisdiction(country)) {
      return Optional.of(
          withNextStep(
              Refusal.unprocessable(
                  "rule-jurisdiction",
                  "Token "
                      + tokenId
                      + " does not admit buyers of "
                      + (country == null ? "an unknown country" : country)),
              RuleCodes.JURISDICTION,
              tokenId));
    }
    return Optional.empty();
  }

  /**
   * The rules {@code POST /trade/check} judges from the latest projected holdings: the holder caps
   * and the maximum holding (open buys counted), for a buy of someone other than the issuer. Only
   * the matcher's answer is final for them (and for the lock-up, which this does not judge).
   */
  public static Optional<Refusal> checkHolders(
      TokenRules rules,
      String tokenId,
      HolderFacts facts,
      String side,
      BigDecimal quantity,
      boolean issuer,
      boolean accredited) {
    if (issuer || !"buy".equals(side) || quantity == null) {
      return Optional.empty();
    }
    boolean newHolder = facts.holding().signum() == 0;
    if (newHolder && rules.maxHolders() != null && facts.holders() >= rules.maxHolders()) {
      return Optional.of(
          withNextStep(
              Refusal.unprocessable(
                  "rule-max-holders",
                  "Token " + tokenId + " has its maximum of " + rules.maxHolders() + " holders"),
              RuleCodes.MAX_HOLDERS,
              tokenId));
    }
    if (newHolder
        && !accredited
        && rules.maxNonAccreditedHolders() != null
        && facts.nonAccreditedHolders() >= rules.maxNonAccreditedHolders()) {
      return Optional.of(
          withNextStep(
              Refusal.unprocessable(
                  "rule-max-non-accredited-holders",
                  "Token "
                      + tokenId
                      + " has its maximum of "
                      + rules.maxNonAccreditedHolders()
                      + " non-accredited holders"),
              RuleCodes.MAX_NON_ACCREDITED_HOLDERS,
              tokenId));
    }
    if (rules.maxHolding() != null
        && facts.holding().add(facts.openBuys()).add(quantity).compareTo(rules.maxHolding()) > 0) {
      return Optional.of(
          withNextStep(
              Refusal.unprocessable(
                  "rule-max-holding",
                  "Expected a holding of at most "
                      + rules.maxHolding().toPlainString()
                      + " tokens, open buy orders included, but this order would exceed it"),
              RuleCodes.MAX_HOLDING,
              tokenId));
    }
    return Optional.empty();
  }

  /** The matcher's reason code of the rule ({@code rule}) and what to do about it. */
  private static Refusal withNextStep(Refusal refusal, String rule, String tokenId) {
    return refusal.with("rule", rule).with("nextStep", RuleCodes.nextStep(rule, tokenId));
  }
}
