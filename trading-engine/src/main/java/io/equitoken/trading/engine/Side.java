package io.equitoken.trading.engine;

/** Which side of the book an order rests on. */
public enum Side {
  BUY,
  SELL;

  public Side opposite() {
    return this == BUY ? SELL : BUY;
  }
}
