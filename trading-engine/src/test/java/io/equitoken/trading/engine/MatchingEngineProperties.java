package io.equitoken.trading.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.trading.engine.EngineCommand.CloseWindow;
import io.equitoken.trading.engine.EngineCommand.Uncross;
import io.equitoken.trading.engine.EngineEvent.AuctionCleared;
import io.equitoken.trading.engine.EngineEvent.AuctionNotCleared;
import io.equitoken.trading.engine.EngineEvent.HoldingChanged;
import io.equitoken.trading.engine.EngineEvent.TradeExecuted;
import io.equitoken.trading.engine.EngineState.Holding;
import io.equitoken.trading.engine.EngineState.RestingOrder;
import io.equitoken.trading.engine.fast.FastMatchingEngine;
import io.equitoken.trading.engine.reference.ReferenceMatchingEngine;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/** Invariants of the engine over random sessions, for both implementations. */
class MatchingEngineProperties {

  @Provide
  Arbitrary<List<EngineCommand>> sessions() {
    return CommandSessions.sessions(60);
  }

  @Provide
  Arbitrary<List<EngineCommand>> ruledSessions() {
    return RuledSessions.sessions(80);
  }

  @Property(tries = 400)
  void noTransferRuleIsEverBroken(@ForAll("ruledSessions") List<EngineCommand> session) {
    for (MatchingEngine engine :
        List.of(new FastMatchingEngine(100, 16), new ReferenceMatchingEngine(100))) {
      RuleModel model = new RuleModel();
      long supply = 0;
      for (EngineCommand command : session) {
        model.before(command);
        List<EngineEvent> events = engine.process(command);
        model.after(events);
        for (EngineEvent e : events) {
          if (e instanceof HoldingChanged h) {
            supply += h.deltaLots();
          }
          if (engine instanceof FastMatchingEngine) {
            ruleStatistics(e);
          }
        }
        assertSane(engine.snapshot(), supply);
      }
    }
    Statistics.coverage(
        coverage -> {
          coverage.check("rejected: rule.max_holders").count(c -> c > 0);
          coverage.check("rejected: rule.max_holding").count(c -> c > 0);
          coverage.check("rejected: rule.jurisdiction").count(c -> c > 0);
          coverage.check("trade").count(c -> c > 100);
        });
  }

  /** What the rules did, so that the coverage check shows they were exercised. */
  private static void ruleStatistics(EngineEvent e) {
    if (e instanceof EngineEvent.CommandRejected r && r.code().code().startsWith("rule.")) {
      Statistics.collect("rejected: " + r.code().code());
    } else if (e instanceof EngineEvent.OrderCancelled c && c.reason().ruleCode() != null) {
      Statistics.collect("cancelled: " + c.reason());
    } else if (e instanceof TradeExecuted) {
      Statistics.collect("trade");
    }
  }

  @Property(tries = 400)
  void fastEngineMatchesReferenceUnderRules(@ForAll("ruledSessions") List<EngineCommand> session) {
    fastEngineMatchesReferenceEventForEvent(session);
  }

  @Property(tries = 300)
  void restoredSnapshotContinuesLikeTheUninterruptedRunUnderRules(
      @ForAll("ruledSessions") List<EngineCommand> session, @ForAll @IntRange(max = 100) int cut) {
    restoredSnapshotContinuesLikeTheUninterruptedRun(session, cut);
  }

  @Property(tries = 400)
  void fastEngineMatchesReferenceEventForEvent(@ForAll("sessions") List<EngineCommand> session) {
    MatchingEngine fast = new FastMatchingEngine(100, 16);
    MatchingEngine reference = new ReferenceMatchingEngine(100);
    for (EngineCommand command : session) {
      assertThat(fast.process(command))
          .as("events of %s", command)
          .isEqualTo(reference.process(command));
      assertThat(fast.indicativeAuction()).isEqualTo(reference.indicativeAuction());
    }
    assertThat(fast.snapshot()).isEqualTo(reference.snapshot());
    assertThat(fast.stateHash()).isEqualTo(reference.stateHash());
  }

  @Property(tries = 300)
  void holdingsAreConservedAndBookStaysSane(@ForAll("sessions") List<EngineCommand> session) {
    for (MatchingEngine engine :
        List.of(new FastMatchingEngine(100, 16), new ReferenceMatchingEngine(100))) {
      long supply = 0;
      for (EngineCommand command : session) {
        PriceBand band = engine.snapshot().band();
        List<EngineEvent> events = engine.process(command);
        for (EngineEvent e : events) {
          if (e instanceof HoldingChanged h) {
            supply += h.deltaLots();
          }
          if (e instanceof TradeExecuted t) {
            assertThat(t.buyer()).as("self trade").isNotEqualTo(t.seller());
            assertThat(band.contains(t.priceTicks())).as("trade inside band").isTrue();
          }
        }
        assertSane(engine.snapshot(), supply);
      }
    }
  }

  private static void assertSane(EngineState state, long supply) {
    assertThat(state.totalHoldingLots()).as("conservation").isEqualTo(supply);
    Map<Long, Long> askLots = new HashMap<>();
    state.asks().forEach(o -> askLots.merge(o.owner(), o.lots(), Long::sum));
    for (Holding h : state.holdings()) {
      assertThat(h.lots() - h.reservedLots()).as("available of %s", h.owner()).isNotNegative();
      assertThat(h.reservedLots()).isEqualTo(askLots.getOrDefault(h.owner(), 0L));
    }
    if (state.phase() == WindowPhase.CLOSED) {
      assertThat(state.bids()).isEmpty();
      assertThat(state.asks()).isEmpty();
    }
    if (state.phase() == WindowPhase.CONTINUOUS
        && !state.bids().isEmpty()
        && !state.asks().isEmpty()) {
      assertThat(state.bids().get(0).priceTicks())
          .as("uncrossed")
          .isLessThan(state.asks().get(0).priceTicks());
    }
    for (RestingOrder bid : state.bids()) {
      for (RestingOrder ask : state.asks()) {
        if (bid.owner() == ask.owner()) {
          assertThat(bid.priceTicks()).as("own orders never cross").isLessThan(ask.priceTicks());
        }
      }
    }
  }

  @Property(tries = 400)
  void auctionPriceSatisfiesTheFourRules(@ForAll("sessions") List<EngineCommand> session) {
    for (MatchingEngine engine :
        List.of(new FastMatchingEngine(100, 16), new ReferenceMatchingEngine(100))) {
      for (EngineCommand command : session) {
        boolean uncrosses =
            engine.phase() == WindowPhase.CALL
                && (command instanceof Uncross
                    || command instanceof CloseWindow close && close.uncross());
        Optional<AuctionIndication> expected =
            engine.phase() == WindowPhase.CALL
                ? BruteForceAuction.clear(engine.snapshot())
                : Optional.empty();
        assertThat(engine.indicativeAuction()).isEqualTo(expected);
        List<EngineEvent> events = engine.process(command);
        if (uncrosses) {
          EngineEvent first = events.get(0);
          assertThat(first)
              .isEqualTo(
                  expected
                      .<EngineEvent>map(
                          a -> new AuctionCleared(a.priceTicks(), a.volumeLots(), a.surplusLots()))
                      .orElse(new AuctionNotCleared()));
        }
      }
    }
  }

  @Property(tries = 300)
  void restoredSnapshotContinuesLikeTheUninterruptedRun(
      @ForAll("sessions") List<EngineCommand> session, @ForAll @IntRange(max = 100) int cut) {
    int split = session.size() * cut / 100;
    MatchingEngine uninterrupted = new FastMatchingEngine(100, 16);
    session.subList(0, split).forEach(uninterrupted::process);
    EngineState state = EngineState.fromBytes(uninterrupted.snapshot().toBytes());
    MatchingEngine restoredFast = FastMatchingEngine.restore(state);
    MatchingEngine restoredReference = ReferenceMatchingEngine.restore(state);
    assertThat(restoredFast.stateHash()).isEqualTo(uninterrupted.stateHash());

    for (EngineCommand command : session.subList(split, session.size())) {
      List<EngineEvent> expected = uninterrupted.process(command);
      assertThat(restoredFast.process(command)).isEqualTo(expected);
      assertThat(restoredReference.process(command)).isEqualTo(expected);
    }
    assertThat(restoredFast.stateHash()).isEqualTo(uninterrupted.stateHash());
    assertThat(restoredReference.stateHash()).isEqualTo(uninterrupted.stateHash());
  }
}
