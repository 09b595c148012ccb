package io.equitoken.trading.engine;

/**
 * Stable rejection codes, grouped by subsystem like exchange-core's result codes. The {@link
 * #code()} strings are part of the contract: never rename one, only add.
 */
public enum ReasonCode {
  // window
  WINDOW_CLOSED("window.closed"),
  WINDOW_ALREADY_OPEN("window.already_open"),
  WINDOW_NOT_CONTINUOUS("window.not_continuous"),
  WINDOW_NOT_IN_CALL_PHASE("window.not_in_call_phase"),
  WINDOW_INVALID_PHASE("window.invalid_phase"),
  WINDOW_INVALID_BAND("window.invalid_band"),
  // market controls (an operator's halt; judged by the matcher, which holds the halt)
  MARKET_HALTED("market.halted"),
  INVESTOR_FROZEN("investor.frozen"),
  // order
  ORDER_PRICE_OUT_OF_RANGE("order.price_out_of_range"),
  ORDER_QUANTITY_OUT_OF_RANGE("order.quantity_out_of_range"),
  ORDER_PRICE_OUTSIDE_BAND("order.price_outside_band"),
  ORDER_IOC_IN_CALL_PHASE("order.ioc_in_call_phase"),
  ORDER_ID_IN_USE("order.id_in_use"),
  ORDER_UNKNOWN("order.unknown"),
  ORDER_NOT_OWNED("order.not_owned"),
  ORDER_AMEND_NO_CHANGE("order.amend_no_change"),
  ORDER_WOULD_SELF_TRADE("order.would_self_trade"),
  // position
  POSITION_INSUFFICIENT_AVAILABLE("position.insufficient_available"),
  POSITION_AMOUNT_OUT_OF_RANGE("position.amount_out_of_range"),
  POSITION_SUPPLY_LIMIT("position.supply_limit"),
  // the token's transfer rules (TransferRules), in the order they are evaluated
  RULE_MIN_ORDER_SIZE("rule.min_order_size"),
  RULE_ACCREDITED_ONLY("rule.accredited_only"),
  RULE_JURISDICTION("rule.jurisdiction"),
  RULE_MAX_HOLDERS("rule.max_holders"),
  RULE_MAX_NON_ACCREDITED_HOLDERS("rule.max_non_accredited_holders"),
  RULE_MAX_HOLDING("rule.max_holding"),
  RULE_LOCKUP("rule.lockup"),
  // edge conversion (decimal input that is not on the token's grid)
  INPUT_OFF_TICK("input.off_tick"),
  INPUT_OFF_LOT("input.off_lot"),
  INPUT_OUT_OF_RANGE("input.out_of_range");

  private final String code;

  ReasonCode(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }
}
