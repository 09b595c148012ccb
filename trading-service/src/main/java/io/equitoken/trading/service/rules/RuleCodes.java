package io.equitoken.trading.service.rules;

import java.util.Map;

/** What a refused or cancelled investor can do about each transfer rule: the {@code nextStep}. */
public final class RuleCodes {

  public static final String MIN_ORDER_SIZE = "rule.min_order_size";
  public static final String ACCREDITED_ONLY = "rule.accredited_only";
  public static final String JURISDICTION = "rule.jurisdiction";
  public static final String MAX_HOLDERS = "rule.max_holders";
  public static final String MAX_NON_ACCREDITED_HOLDERS = "rule.max_non_accredited_holders";
  public static final String MAX_HOLDING = "rule.max_holding";
  public static final String LOCKUP = "rule.lockup";

  private static final Map<String, String> NEXT_STEPS =
      Map.of(
          MIN_ORDER_SIZE,
          "Order at least the token's minimum order size; GET /tokens/{tokenId}/rules shows it",
          ACCREDITED_ONLY,
          "Only accredited investors may buy this token; submit evidence of accreditation with"
              + " POST /compliance/kyc",
          JURISDICTION,
          "Investors of your KYC country may not buy this token; GET /tokens/{tokenId}/rules"
              + " lists the admitted and blocked jurisdictions",
          MAX_HOLDERS,
          "The token has its maximum number of holders; try again once a holder has sold out",
          MAX_NON_ACCREDITED_HOLDERS,
          "The token has its maximum number of non-accredited holders; try again once one has"
              + " sold out, or become accredited (POST /compliance/kyc)",
          MAX_HOLDING,
          "Lower the quantity so that your holding and open buy orders stay within the token's"
              + " maximum holding (GET /tokens/{tokenId}/rules)",
          LOCKUP,
          "Tokens bought are locked for the token's lock-up period; sell fewer or wait until it"
              + " ends (GET /tokens/{tokenId}/rules)");

  private RuleCodes() {}

  /**
   * The next step for a {@code rule.*} code (and for {@code market.halted}, an operator's halt),
   * with the token filled in; null for other codes.
   */
  public static String nextStep(String code, String tokenId) {
    if ("investor.frozen".equals(code)) {
      return "An operator froze your account: you cannot trade or transfer tokens out until it is"
          + " unfrozen; contact the platform's support";
    }
    if ("market.halted".equals(code)) {
      return "Trading in this token is halted by an operator; GET /tokens/"
          + tokenId
          + "/market shows when it resumes, then place the order again";
    }
    String step = code == null ? null : NEXT_STEPS.get(code);
    return step == null ? null : step.replace("{tokenId}", tokenId);
  }
}
