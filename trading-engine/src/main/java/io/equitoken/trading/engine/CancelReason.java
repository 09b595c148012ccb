package io.equitoken.trading.engine;

/** Why an order left the book without being filled, other than window expiry. */
public enum CancelReason {
  /** The owner asked. */
  OWNER_REQUEST,
  /** Immediate-or-cancel remainder after matching. */
  IMMEDIATE_OR_CANCEL_REMAINDER,
  /** The incoming (or re-priced) order met a resting order of the same owner. */
  SELF_TRADE_PREVENTION,
  /** Left over after an uncross with a limit outside the band, which continuous trading forbids. */
  OUTSIDE_BAND,
  /** An operator halted the token's market and withdrew its resting orders. */
  MARKET_HALTED,
  /** An operator froze the order's owner, which withdraws every resting order of theirs. */
  INVESTOR_FROZEN,
  /** Its next fill would have broken one of the token's transfer rules. */
  RULE_MAX_HOLDERS,
  RULE_MAX_NON_ACCREDITED_HOLDERS,
  RULE_ACCREDITED_ONLY,
  RULE_JURISDICTION,
  RULE_MAX_HOLDING,
  RULE_LOCKUP;

  /** The rule's reason code for a rule cancellation, else null. */
  public ReasonCode ruleCode() {
    return switch (this) {
      case RULE_MAX_HOLDERS -> ReasonCode.RULE_MAX_HOLDERS;
      case RULE_MAX_NON_ACCREDITED_HOLDERS -> ReasonCode.RULE_MAX_NON_ACCREDITED_HOLDERS;
      case RULE_ACCREDITED_ONLY -> ReasonCode.RULE_ACCREDITED_ONLY;
      case RULE_JURISDICTION -> ReasonCode.RULE_JURISDICTION;
      case RULE_MAX_HOLDING -> ReasonCode.RULE_MAX_HOLDING;
      case RULE_LOCKUP -> ReasonCode.RULE_LOCKUP;
      default -> null;
    };
  }

  /** The cancellation for a fill refused by a rule. */
  public static CancelReason forRule(ReasonCode code) {
    return switch (code) {
      case RULE_MAX_HOLDERS -> RULE_MAX_HOLDERS;
      case RULE_MAX_NON_ACCREDITED_HOLDERS -> RULE_MAX_NON_ACCREDITED_HOLDERS;
      case RULE_ACCREDITED_ONLY -> RULE_ACCREDITED_ONLY;
      case RULE_JURISDICTION -> RULE_JURISDICTION;
      case RULE_MAX_HOLDING -> RULE_MAX_HOLDING;
      case RULE_LOCKUP -> RULE_LOCKUP;
      default -> throw new IllegalArgumentException("Not a fill rule: " + code);
    };
  }
}
