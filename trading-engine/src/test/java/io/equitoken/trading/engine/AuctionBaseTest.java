package io.equitoken.trading.engine;

import static io.equitoken.trading.engine.EngineDsl.buy;
import static io.equitoken.trading.engine.EngineDsl.credit;
import static io.equitoken.trading.engine.EngineDsl.openCall;
import static io.equitoken.trading.engine.EngineDsl.rejection;
import static io.equitoken.trading.engine.EngineDsl.sell;
import static io.equitoken.trading.engine.EngineDsl.trades;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.equitoken.trading.engine.EngineCommand.CloseWindow;
import io.equitoken.trading.engine.EngineCommand.PlaceOrder;
import io.equitoken.trading.engine.EngineCommand.Uncross;
import io.equitoken.trading.engine.EngineEvent.AuctionCleared;
import io.equitoken.trading.engine.EngineEvent.AuctionNotCleared;
import io.equitoken.trading.engine.EngineEvent.OrderCancelled;
import io.equitoken.trading.engine.EngineEvent.TradeExecuted;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Call-auction contract: the clearing rules as a table, then allocation and phase edges. */
public abstract class AuctionBaseTest {
  static final long SELLER = 9;

  protected abstract MatchingEngine newEngine(long issuePriceTicks);

  /** Buyers are owners 1, 2, 3 … in order; all sells come from one well-stocked seller. */
  static Stream<Arguments> clearingTable() {
    return Stream.of(
        // name, issue (reference) price, band, orders, expected price, volume, surplus
        row(
            "range of equal prices → reference",
            100,
            PriceBand.NONE,
            List.of(buy(1, 1, 102, 10), sell(2, SELLER, 98, 10)),
            100,
            10,
            0),
        row(
            "reference above the range → highest",
            150,
            PriceBand.NONE,
            List.of(buy(1, 1, 102, 10), sell(2, SELLER, 98, 10)),
            102,
            10,
            0),
        row(
            "reference below the range → lowest",
            50,
            PriceBand.NONE,
            List.of(buy(1, 1, 102, 10), sell(2, SELLER, 98, 10)),
            98,
            10,
            0),
        row(
            "maximum volume beats reference",
            90,
            PriceBand.NONE,
            List.of(buy(1, 1, 101, 10), buy(2, 2, 99, 10), sell(3, SELLER, 99, 20)),
            99,
            20,
            0),
        row(
            "minimum surplus between equal volumes",
            100,
            PriceBand.NONE,
            List.of(buy(1, 1, 101, 10), buy(2, 2, 100, 5), sell(3, SELLER, 100, 10)),
            101,
            10,
            0),
        row(
            "surplus only on buy side → highest",
            90,
            PriceBand.NONE,
            List.of(buy(1, 1, 101, 20), sell(2, SELLER, 100, 10)),
            101,
            10,
            10),
        row(
            "surplus only on sell side → lowest",
            110,
            PriceBand.NONE,
            List.of(buy(1, 1, 101, 10), sell(2, SELLER, 100, 20)),
            100,
            10,
            -10),
        row(
            "tie inside a gap resolved by reference",
            100,
            PriceBand.NONE,
            List.of(
                buy(1, 1, 102, 10),
                buy(2, 2, 98, 5),
                sell(3, SELLER, 98, 10),
                sell(4, SELLER, 102, 5)),
            100,
            10,
            0),
        row(
            "band clips the range",
            150,
            new PriceBand(95, 101),
            List.of(buy(1, 1, 120, 10), sell(2, SELLER, 80, 10)),
            101,
            10,
            0),
        row(
            "band inside the range at reference",
            100,
            new PriceBand(95, 105),
            List.of(buy(1, 1, 120, 10), sell(2, SELLER, 80, 10)),
            100,
            10,
            0));
  }

  private static Arguments row(
      String name,
      long reference,
      PriceBand band,
      List<PlaceOrder> orders,
      long price,
      long volume,
      long surplus) {
    return Arguments.of(name, reference, band, orders, price, volume, surplus);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("clearingTable")
  void shouldClearAtThePriceTheFourRulesSelect(
      String name,
      long reference,
      PriceBand band,
      List<PlaceOrder> orders,
      long price,
      long volume,
      long surplus) {
    // given
    MatchingEngine engine = callPhase(reference, band, orders);
    // when
    Optional<AuctionIndication> indication = engine.indicativeAuction();
    List<EngineEvent> events = engine.process(new Uncross());
    // then
    assertThat(indication).contains(new AuctionIndication(price, volume, surplus));
    assertThat(events.get(0)).isEqualTo(new AuctionCleared(price, volume, surplus));
    assertThat(trades(events)).allMatch(t -> t.priceTicks() == price);
    assertThat(trades(events).stream().mapToLong(TradeExecuted::lots).sum()).isEqualTo(volume);
  }

  @Test
  void shouldAllocateByTimePriorityAtTheMarginalPrice() {
    // given
    MatchingEngine engine =
        callPhase(
            100,
            PriceBand.NONE,
            List.of(
                buy(1, 1, 101, 10),
                buy(2, 2, 100, 10),
                buy(3, 3, 100, 10),
                sell(4, SELLER, 100, 25)));
    // when
    List<EngineEvent> events = engine.process(new Uncross());
    // then
    assertThat(trades(events))
        .extracting(TradeExecuted::buyOrderId, TradeExecuted::lots, TradeExecuted::buyRemainingLots)
        .containsExactly(tuple(1L, 10L, 0L), tuple(2L, 10L, 0L), tuple(3L, 5L, 5L));
    assertThat(engine.holding(3)).isEqualTo(5);
    assertThat(engine.snapshot().bids()).extracting(o -> o.lots()).containsExactly(5L);
  }

  @Test
  void shouldClearTheWorkedExampleOfTheDocumentation() {
    // given: docs/services/trading-engine.md, "Worked example"
    MatchingEngine engine =
        callPhase(
            100,
            PriceBand.NONE,
            List.of(
                buy(1, 1, 103, 10),
                buy(2, 2, 101, 15),
                buy(3, 3, 100, 10),
                sell(11, SELLER, 97, 8),
                buy(4, 4, 98, 5),
                sell(12, SELLER, 100, 12),
                sell(13, SELLER, 102, 20)));
    // when
    List<EngineEvent> events = engine.process(new Uncross());
    // then
    assertThat(events.get(0)).isEqualTo(new AuctionCleared(101, 20, 5));
    assertThat(trades(events))
        .extracting(TradeExecuted::buyOrderId, TradeExecuted::sellOrderId, TradeExecuted::lots)
        .containsExactly(tuple(1L, 11L, 8L), tuple(1L, 12L, 2L), tuple(2L, 12L, 10L));
    assertThat(engine.snapshot().bids())
        .extracting(o -> o.orderId(), o -> o.lots())
        .containsExactly(tuple(2L, 5L), tuple(3L, 10L), tuple(4L, 5L));
  }

  @Test
  void shouldNotClearWhenOneSideIsEmpty() {
    // given
    MatchingEngine engine = callPhase(100, PriceBand.NONE, List.of(buy(1, 1, 101, 10)));
    // when
    List<EngineEvent> events = engine.process(new Uncross());
    // then
    assertThat(engine.indicativeAuction()).isEmpty();
    assertThat(events.get(0)).isEqualTo(new AuctionNotCleared());
    assertThat(trades(events)).isEmpty();
  }

  @Test
  void shouldNotClearWhenNoVolumeFallsInsideTheBand() {
    // given
    MatchingEngine engine =
        callPhase(
            100, new PriceBand(130, 140), List.of(buy(1, 1, 120, 10), sell(2, SELLER, 80, 10)));
    // when
    List<EngineEvent> events = engine.process(new CloseWindow());
    // then
    assertThat(events.get(0)).isEqualTo(new AuctionNotCleared());
    assertThat(trades(events)).isEmpty();
    assertThat(engine.available(SELLER)).isEqualTo(1000);
  }

  @Test
  void shouldCancelOrdersOutsideTheBandWhenContinuousTradingResumes() {
    // given: the buy at 120 is only partly filled at the band's top price
    MatchingEngine engine =
        callPhase(
            100, new PriceBand(90, 110), List.of(buy(1, 1, 120, 10), sell(2, SELLER, 105, 4)));
    // when
    List<EngineEvent> events = engine.process(new Uncross());
    // then
    assertThat(events).contains(new OrderCancelled(1, 1, 6, CancelReason.OUTSIDE_BAND));
    assertThat(engine.phase()).isEqualTo(WindowPhase.CONTINUOUS);
  }

  @Test
  void shouldRejectCallOrderThatWouldTradeWithSameOwner() {
    // given
    MatchingEngine engine = callPhase(100, PriceBand.NONE, List.of(sell(1, SELLER, 100, 5)));
    // when / then
    assertThat(rejection(engine.process(buy(2, SELLER, 100, 5))).code())
        .isEqualTo(ReasonCode.ORDER_WOULD_SELF_TRADE);
  }

  @Test
  void shouldRejectImmediateOrCancelInCallPhase() {
    // given
    MatchingEngine engine = callPhase(100, PriceBand.NONE, List.of());
    // when / then
    assertThat(rejection(engine.process(EngineDsl.ioc(1, 1, Side.BUY, 100, 5))).code())
        .isEqualTo(ReasonCode.ORDER_IOC_IN_CALL_PHASE);
  }

  @Test
  void shouldUseLastTradePriceAsNextReference() {
    // given
    MatchingEngine engine =
        callPhase(100, PriceBand.NONE, List.of(buy(1, 1, 120, 10), sell(2, SELLER, 120, 10)));
    // when
    engine.process(new Uncross());
    // then
    assertThat(engine.referencePriceTicks()).isEqualTo(120);
  }

  @Test
  void shouldExpireEverythingWithoutClearingWhenClosedWithoutUncross() {
    // given: a call phase that would clear 10 lots at 100
    MatchingEngine engine =
        callPhase(100, PriceBand.NONE, List.of(buy(1, 1, 100, 10), sell(2, SELLER, 100, 10)));
    long referenceBefore = engine.referencePriceTicks();
    // when: a halted market closes
    List<EngineEvent> events = engine.process(new CloseWindow(false));
    // then: no auction, no trade; both orders expire, the seller's lots are released
    assertThat(events)
        .containsExactly(
            new EngineEvent.OrderExpired(1, 1, 10),
            new EngineEvent.OrderExpired(2, SELLER, 10),
            new EngineEvent.WindowPhaseChanged(WindowPhase.CALL, WindowPhase.CLOSED));
    assertThat(engine.available(SELLER)).isEqualTo(1000);
    assertThat(engine.holding(1)).isZero();
    assertThat(engine.referencePriceTicks()).isEqualTo(referenceBefore);
  }

  @Test
  void shouldCancelWithTheReasonGivenByTheOperatorControl() {
    // given
    MatchingEngine engine = callPhase(100, PriceBand.NONE, List.of(sell(1, SELLER, 100, 10)));
    // when
    List<EngineEvent> events =
        engine.process(new EngineCommand.CancelOrder(1, SELLER, CancelReason.MARKET_HALTED));
    // then
    assertThat(events)
        .containsExactly(new OrderCancelled(1, SELLER, 10, CancelReason.MARKET_HALTED));
    assertThat(engine.available(SELLER)).isEqualTo(1000);
  }

  private MatchingEngine callPhase(long reference, PriceBand band, List<PlaceOrder> orders) {
    MatchingEngine engine = newEngine(reference);
    engine.process(credit(SELLER, 1000));
    engine.process(openCall(band));
    for (PlaceOrder order : orders) {
      assertThat(engine.process(order).get(0)).isInstanceOf(EngineEvent.OrderAccepted.class);
    }
    return engine;
  }
}
