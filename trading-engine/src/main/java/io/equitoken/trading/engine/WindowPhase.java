package io.equitoken.trading.engine;

/** Phase of the token's liquidity window as the engine sees it. */
public enum WindowPhase {
  /** No window open: orders are refused; credits and debits still apply. */
  CLOSED,
  /** Open, every order matches on arrival by price-time priority. */
  CONTINUOUS,
  /** Open, orders are collected without trading until the uncross. */
  CALL
}
