package io.equitoken.trading.engine;

import io.equitoken.trading.engine.EngineCommand.AmendOrder;
import io.equitoken.trading.engine.EngineCommand.CancelOrder;
import io.equitoken.trading.engine.EngineCommand.CloseWindow;
import io.equitoken.trading.engine.EngineCommand.CreditHolding;
import io.equitoken.trading.engine.EngineCommand.DebitHolding;
import io.equitoken.trading.engine.EngineCommand.OpenWindow;
import io.equitoken.trading.engine.EngineCommand.PlaceOrder;
import io.equitoken.trading.engine.EngineCommand.StartCallPhase;
import io.equitoken.trading.engine.EngineCommand.Uncross;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Random trading sessions: a few owners with holdings, a narrow price range so that orders cross
 * often, order ids derived from the owner (id = owner * 100 + k) so that most cancels and amends
 * hit a real order of the right owner, and every window command in the mix.
 */
public final class CommandSessions {
  static final int OWNERS = 4;

  private CommandSessions() {}

  public static Arbitrary<List<EngineCommand>> sessions(int maxLength) {
    return Combinators.combine(open(), command().list().ofMaxSize(maxLength))
        .as(
            (open, rest) -> {
              List<EngineCommand> all = new ArrayList<>();
              for (long owner = 1; owner <= OWNERS; owner++) {
                all.add(new CreditHolding(owner, 30));
              }
              all.add(open);
              all.addAll(rest);
              return all;
            });
  }

  @SuppressWarnings("unchecked")
  static Arbitrary<EngineCommand> command() {
    return Arbitraries.frequencyOf(
        Tuple.of(35, place()),
        Tuple.of(20, amend()),
        Tuple.of(8, cancel()),
        Tuple.of(5, Arbitraries.longs().between(1, 12).flatMap(CommandSessions::credit)),
        Tuple.of(3, debit()),
        Tuple.of(4, open()),
        Tuple.of(3, Arbitraries.just(new StartCallPhase())),
        Tuple.of(3, Arbitraries.just(new Uncross())),
        Tuple.of(3, Arbitraries.just(new CloseWindow())),
        Tuple.of(1, Arbitraries.just(new CloseWindow(false))));
  }

  private static Arbitrary<Long> owner() {
    return Arbitraries.longs().between(1, OWNERS);
  }

  private static Arbitrary<Long> orderNumber() {
    return Arbitraries.longs().between(1, 8);
  }

  private static Arbitrary<Long> price() {
    return Arbitraries.longs().between(90, 110);
  }

  private static Arbitrary<Long> lots() {
    return Arbitraries.longs().between(1, 15);
  }

  static Arbitrary<EngineCommand> place() {
    Arbitrary<TimeInForce> tif =
        Arbitraries.frequency(
            Tuple.of(8, TimeInForce.GOOD_TILL_WINDOW_CLOSE),
            Tuple.of(2, TimeInForce.IMMEDIATE_OR_CANCEL));
    return Combinators.combine(
            owner(), orderNumber(), Arbitraries.of(Side.class), price(), lots(), tif)
        .as((o, k, side, p, q, t) -> new PlaceOrder(o * 100 + k, o, side, p, q, t));
  }

  static Arbitrary<EngineCommand> amend() {
    return Combinators.combine(owner(), orderNumber(), price(), lots(), wrongOwner())
        .as((o, k, p, q, wrong) -> new AmendOrder(o * 100 + k, wrong ? o % OWNERS + 1 : o, p, q));
  }

  static Arbitrary<EngineCommand> cancel() {
    return Combinators.combine(
            owner(),
            orderNumber(),
            wrongOwner(),
            Arbitraries.of(CancelReason.OWNER_REQUEST, CancelReason.MARKET_HALTED))
        .as(
            (o, k, wrong, reason) ->
                new CancelOrder(o * 100 + k, wrong ? o % OWNERS + 1 : o, reason));
  }

  private static Arbitrary<Boolean> wrongOwner() {
    return Arbitraries.frequency(Tuple.of(9, false), Tuple.of(1, true));
  }

  static Arbitrary<EngineCommand> credit(long lots) {
    return owner().map(o -> new CreditHolding(o, lots));
  }

  static Arbitrary<EngineCommand> debit() {
    return Combinators.combine(owner(), Arbitraries.longs().between(1, 20)).as(DebitHolding::new);
  }

  static Arbitrary<EngineCommand> open() {
    Arbitrary<PriceBand> band =
        Arbitraries.frequencyOf(
            Tuple.of(2, Arbitraries.just(PriceBand.NONE)),
            Tuple.of(
                1,
                Combinators.combine(
                        Arbitraries.longs().between(92, 100), Arbitraries.longs().between(100, 108))
                    .as(PriceBand::new)));
    return Combinators.combine(Arbitraries.of(WindowPhase.CONTINUOUS, WindowPhase.CALL), band)
        .as(OpenWindow::new);
  }
}
