package io.equitoken.trading.engine;

import io.equitoken.trading.engine.fast.FastMatchingEngine;

class FastMatchingEngineTest extends MatchingEngineBaseTest {
  @Override
  protected MatchingEngine newEngine(long issuePriceTicks) {
    return new FastMatchingEngine(issuePriceTicks);
  }

  @Override
  protected MatchingEngine restore(EngineState state) {
    return FastMatchingEngine.restore(state);
  }
}
