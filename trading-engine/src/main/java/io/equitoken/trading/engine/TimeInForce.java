package io.equitoken.trading.engine;

/** How long an order may rest on the book. */
public enum TimeInForce {
  /** Rests until filled, cancelled or the window closes (its remainder then expires). */
  GOOD_TILL_WINDOW_CLOSE,
  /** Trades what it can on arrival; the remainder is cancelled at once. Continuous phase only. */
  IMMEDIATE_OR_CANCEL
}
