package io.equitoken.trading.engine;

import io.equitoken.trading.engine.reference.ReferenceMatchingEngine;

class ReferenceAuctionTest extends AuctionBaseTest {
  @Override
  protected MatchingEngine newEngine(long issuePriceTicks) {
    return new ReferenceMatchingEngine(issuePriceTicks);
  }
}
