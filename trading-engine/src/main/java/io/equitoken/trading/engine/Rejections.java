package io.equitoken.trading.engine;

/**
 * The human sentences behind each {@link ReasonCode}, in one place so that every implementation
 * rejects with identical words ("Expected X, but Y").
 */
public final class Rejections {
  private Rejections() {}

  public static void windowNotOpen(EventSink sink) {
    sink.rejected(ReasonCode.WINDOW_CLOSED, "Expected window to be open, but it is closed");
  }

  public static void windowAlreadyOpen(EventSink sink, WindowPhase phase) {
    sink.rejected(
        ReasonCode.WINDOW_ALREADY_OPEN,
        "Expected window to be closed, but it is open in the " + name(phase) + " phase");
  }

  public static void windowNotContinuous(EventSink sink, WindowPhase phase) {
    sink.rejected(
        ReasonCode.WINDOW_NOT_CONTINUOUS,
        "Expected window to be in the continuous phase, but it is " + describe(phase));
  }

  public static void windowNotInCall(EventSink sink, WindowPhase phase) {
    sink.rejected(
        ReasonCode.WINDOW_NOT_IN_CALL_PHASE,
        "Expected window to be in the call phase, but it is " + describe(phase));
  }

  public static void invalidOpeningPhase(EventSink sink) {
    sink.rejected(
        ReasonCode.WINDOW_INVALID_PHASE,
        "Expected window to open in the continuous or call phase, but closed was given");
  }

  public static void invalidBand(EventSink sink, PriceBand band) {
    sink.rejected(
        ReasonCode.WINDOW_INVALID_BAND,
        "Expected a band with 1 <= low <= high <= "
            + Limits.MAX_PRICE_TICKS
            + " ticks, but it was "
            + band.lowTicks()
            + ".."
            + band.highTicks());
  }

  public static void priceOutOfRange(EventSink sink, long price) {
    sink.rejected(
        ReasonCode.ORDER_PRICE_OUT_OF_RANGE,
        "Expected price between 1 and " + Limits.MAX_PRICE_TICKS + " ticks, but it was " + price);
  }

  public static void quantityOutOfRange(EventSink sink, long lots) {
    sink.rejected(
        ReasonCode.ORDER_QUANTITY_OUT_OF_RANGE,
        "Expected quantity between 1 and " + Limits.MAX_ORDER_LOTS + " lots, but it was " + lots);
  }

  public static void priceOutsideBand(EventSink sink, long price, PriceBand band) {
    sink.rejected(
        ReasonCode.ORDER_PRICE_OUTSIDE_BAND,
        "Expected price within the band "
            + band.lowTicks()
            + ".."
            + band.highTicks()
            + " ticks, but it was "
            + price);
  }

  public static void iocInCallPhase(EventSink sink) {
    sink.rejected(
        ReasonCode.ORDER_IOC_IN_CALL_PHASE,
        "Expected immediate-or-cancel orders only in the continuous phase, but the window is in"
            + " the call phase");
  }

  public static void orderIdInUse(EventSink sink, long orderId) {
    sink.rejected(
        ReasonCode.ORDER_ID_IN_USE,
        "Expected a new order id, but order " + orderId + " is already on the book");
  }

  public static void orderUnknown(EventSink sink, long orderId) {
    sink.rejected(
        ReasonCode.ORDER_UNKNOWN,
        "Expected order " + orderId + " to be on the book, but it is not");
  }

  public static void orderNotOwned(EventSink sink, long orderId, long owner) {
    sink.rejected(
        ReasonCode.ORDER_NOT_OWNED,
        "Expected order " + orderId + " to belong to owner " + owner + ", but it does not");
  }

  public static void amendNoChange(EventSink sink, long orderId) {
    sink.rejected(
        ReasonCode.ORDER_AMEND_NO_CHANGE,
        "Expected the amendment to change price or quantity of order "
            + orderId
            + ", but both are unchanged");
  }

  public static void wouldSelfTrade(EventSink sink, long owner) {
    sink.rejected(
        ReasonCode.ORDER_WOULD_SELF_TRADE,
        "Expected the order not to cross an order of the same owner "
            + owner
            + ", but it would trade with one in the auction");
  }

  public static void insufficientAvailable(EventSink sink, long owner, long needed, long avail) {
    sink.rejected(
        ReasonCode.POSITION_INSUFFICIENT_AVAILABLE,
        "Expected owner "
            + owner
            + " to have at least "
            + needed
            + " lots available, but only "
            + avail
            + " are");
  }

  public static void amountOutOfRange(EventSink sink, long lots) {
    sink.rejected(
        ReasonCode.POSITION_AMOUNT_OUT_OF_RANGE,
        "Expected an amount between 1 and " + Limits.MAX_ORDER_LOTS + " lots, but it was " + lots);
  }

  public static void supplyLimit(EventSink sink, long supply, long lots) {
    sink.rejected(
        ReasonCode.POSITION_SUPPLY_LIMIT,
        "Expected total supply to stay within "
            + Limits.MAX_SUPPLY_LOTS
            + " lots, but crediting "
            + lots
            + " to "
            + supply
            + " would exceed it");
  }

  /** An order refused by one of the token's transfer rules. */
  public static void rule(
      EventSink sink, ReasonCode code, TransferRules rules, long owner, long lots) {
    sink.rejected(code, ruleSentence(code, rules, owner, lots));
  }

  /** The sentence of a transfer-rule refusal; the same words for a rejection and a cancellation. */
  public static String ruleSentence(ReasonCode code, TransferRules rules, long owner, long lots) {
    return switch (code) {
      case RULE_MIN_ORDER_SIZE ->
          "Expected an order of at least " + rules.minOrderLots() + " lots, but it was " + lots;
      case RULE_ACCREDITED_ONLY ->
          "Expected owner " + owner + " to be an accredited investor, but they are not";
      case RULE_JURISDICTION ->
          "Expected owner " + owner + " to be in a jurisdiction the token admits, but they are not";
      case RULE_MAX_HOLDERS ->
          "Expected at most "
              + rules.maxHolders()
              + " holders, but owner "
              + owner
              + " would be one more";
      case RULE_MAX_NON_ACCREDITED_HOLDERS ->
          "Expected at most "
              + rules.maxNonAccreditedHolders()
              + " non-accredited holders, but owner "
              + owner
              + " would be one more";
      case RULE_MAX_HOLDING ->
          "Expected owner "
              + owner
              + " to hold at most "
              + rules.maxHoldingLots()
              + " lots, open buy orders included, but "
              + lots
              + " more would exceed it";
      case RULE_LOCKUP ->
          "Expected owner "
              + owner
              + " to have "
              + lots
              + " lots past their lock-up of "
              + rules.lockupDays()
              + " days, but they do not";
      default -> throw new IllegalArgumentException("Not a rule: " + code);
    };
  }

  private static String name(WindowPhase phase) {
    return phase == WindowPhase.CALL ? "call" : "continuous";
  }

  private static String describe(WindowPhase phase) {
    return phase == WindowPhase.CLOSED ? "closed" : "in the " + name(phase) + " phase";
  }
}
