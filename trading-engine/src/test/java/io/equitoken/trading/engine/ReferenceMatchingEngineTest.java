package io.equitoken.trading.engine;

import io.equitoken.trading.engine.reference.ReferenceMatchingEngine;

class ReferenceMatchingEngineTest extends MatchingEngineBaseTest {
  @Override
  protected MatchingEngine newEngine(long issuePriceTicks) {
    return new ReferenceMatchingEngine(issuePriceTicks);
  }

  @Override
  protected MatchingEngine restore(EngineState state) {
    return ReferenceMatchingEngine.restore(state);
  }
}
