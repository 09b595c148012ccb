package io.equitoken.trading.engine;

import io.equitoken.trading.engine.fast.FastMatchingEngine;

class FastAuctionTest extends AuctionBaseTest {
  @Override
  protected MatchingEngine newEngine(long issuePriceTicks) {
    return new FastMatchingEngine(issuePriceTicks);
  }
}
