package io.equitoken.trading.service.rules;

import java.math.BigDecimal;
import java.util.List;

/**
 * One version's rules as trading-service keeps and shows them, each optional (null or empty = no
 * such rule). {@code maxHolding} is in tokens: when the operator gave a percent of supply ({@code
 * maxHoldingPercent}, kept for display), it was resolved to tokens, rounded down to the lot grid,
 * when the version was set. docs/services/trading-engine.md, "Transfer rules".
 */
public record TokenRules(
    Long maxHolders,
    Long maxNonAccreditedHolders,
    boolean accreditedOnly,
    List<String> allowedJurisdictions,
    List<String> blockedJurisdictions,
    BigDecimal maxHolding,
    BigDecimal maxHoldingPercent,
    Long lockupDays,
    boolean lockupAllPurchases,
    BigDecimal minOrderSize) {

  /** No rule at all (a token whose rules were never set). */
  public static final TokenRules NONE =
      new TokenRules(null, null, false, List.of(), List.of(), null, null, null, false, null);

  public TokenRules {
    allowedJurisdictions =
        allowedJurisdictions == null ? List.of() : List.copyOf(allowedJurisdictions);
    blockedJurisdictions =
        blockedJurisdictions == null ? List.of() : List.copyOf(blockedJurisdictions);
  }

  /** Does a buyer of this KYC country (null = unknown) pass the jurisdiction rules? */
  public boolean admitsJurisdiction(String country) {
    if (!allowedJurisdictions.isEmpty()
        && (country == null || !allowedJurisdictions.contains(country))) {
      return false;
    }
    return country == null || !blockedJurisdictions.contains(country);
  }
}
