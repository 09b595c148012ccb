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
  OUTSIDE_BAND
}
