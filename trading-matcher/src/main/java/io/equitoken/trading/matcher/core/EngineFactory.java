package io.equitoken.trading.matcher.core;

import io.equitoken.trading.engine.EngineState;
import io.equitoken.trading.engine.MatchingEngine;
import io.equitoken.trading.engine.fast.FastMatchingEngine;
import io.equitoken.trading.engine.reference.ReferenceMatchingEngine;

/** Which engine backs each token: the fast one in production, the reference one for replays. */
public interface EngineFactory {

  EngineFactory FAST =
      new EngineFactory() {
        @Override
        public MatchingEngine create(long issuePriceTicks) {
          return new FastMatchingEngine(issuePriceTicks);
        }

        @Override
        public MatchingEngine restore(EngineState state) {
          return FastMatchingEngine.restore(state);
        }
      };

  EngineFactory REFERENCE =
      new EngineFactory() {
        @Override
        public MatchingEngine create(long issuePriceTicks) {
          return new ReferenceMatchingEngine(issuePriceTicks);
        }

        @Override
        public MatchingEngine restore(EngineState state) {
          return ReferenceMatchingEngine.restore(state);
        }
      };

  MatchingEngine create(long issuePriceTicks);

  MatchingEngine restore(EngineState state);
}
