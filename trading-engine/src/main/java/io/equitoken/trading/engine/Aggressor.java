package io.equitoken.trading.engine;

/** Who took liquidity in a trade; auction trades have no aggressor. */
public enum Aggressor {
  BUYER,
  SELLER,
  AUCTION
}
