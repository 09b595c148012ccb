package io.equitoken.trading.engine;

import static io.equitoken.trading.engine.EngineDsl.amend;
import static io.equitoken.trading.engine.EngineDsl.buy;
import static io.equitoken.trading.engine.EngineDsl.cancel;
import static io.equitoken.trading.engine.EngineDsl.credit;
import static io.equitoken.trading.engine.EngineDsl.ioc;
import static io.equitoken.trading.engine.EngineDsl.openContinuous;
import static io.equitoken.trading.engine.EngineDsl.rejection;
import static io.equitoken.trading.engine.EngineDsl.sell;
import static io.equitoken.trading.engine.EngineDsl.trades;
import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.trading.engine.EngineEvent.OrderAccepted;
import io.equitoken.trading.engine.EngineEvent.OrderAmended;
import io.equitoken.trading.engine.EngineEvent.OrderCancelled;
import io.equitoken.trading.engine.EngineEvent.OrderExpired;
import io.equitoken.trading.engine.EngineEvent.TradeExecuted;
import io.equitoken.trading.engine.EngineEvent.WindowPhaseChanged;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The continuous-trading contract every {@link MatchingEngine} honours; run once per implementation
 * by its subclass (exchange-core's OrderBookBaseTest pattern). Auction examples are in {@link
 * AuctionBaseTest}.
 */
public abstract class MatchingEngineBaseTest {
  static final long ALICE = 1;
  static final long BOB = 2;
  static final long CAROL = 3;

  protected MatchingEngine engine;

  protected abstract MatchingEngine newEngine(long issuePriceTicks);

  @BeforeEach
  void openWindowWithHoldings() {
    engine = newEngine(100);
    engine.process(credit(ALICE, 100));
    engine.process(credit(BOB, 100));
    engine.process(openContinuous());
  }

  @Test
  void shouldRejectOrderWhenWindowIsClosed() {
    // given
    MatchingEngine closed = newEngine(100);
    // when
    var rejected = rejection(closed.process(buy(1, ALICE, 100, 5)));
    // then
    assertThat(rejected.code()).isEqualTo(ReasonCode.WINDOW_CLOSED);
    assertThat(rejected.message()).isEqualTo("Expected window to be open, but it is closed");
  }

  @Test
  void shouldTradeAtRestingPriceWhenBuyCrossesAsk() {
    // given
    engine.process(sell(1, ALICE, 98, 10));
    // when
    List<EngineEvent> events = engine.process(buy(2, BOB, 105, 4));
    // then
    assertThat(events)
        .containsExactly(
            new OrderAccepted(2, BOB, Side.BUY, 105, 4, TimeInForce.GOOD_TILL_WINDOW_CLOSE),
            new TradeExecuted(1, 98, 4, 2, BOB, 1, ALICE, Aggressor.BUYER, 0, 6));
    assertThat(engine.holding(ALICE)).isEqualTo(96);
    assertThat(engine.holding(BOB)).isEqualTo(104);
    assertThat(engine.reserved(ALICE)).isEqualTo(6);
  }

  @Test
  void shouldFillByPriceThenTimePriority() {
    // given
    engine.process(sell(1, ALICE, 101, 5));
    engine.process(sell(2, BOB, 100, 5));
    engine.process(sell(3, ALICE, 100, 5));
    // when
    List<TradeExecuted> trades = trades(engine.process(buy(4, CAROL, 101, 12)));
    // then
    assertThat(trades)
        .extracting(TradeExecuted::sellOrderId, TradeExecuted::priceTicks, TradeExecuted::lots)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(2L, 100L, 5L),
            org.assertj.core.groups.Tuple.tuple(3L, 100L, 5L),
            org.assertj.core.groups.Tuple.tuple(1L, 101L, 2L));
  }

  @Test
  void shouldRejectSellOrderWhenHoldingIsReserved() {
    // given
    engine.process(sell(1, ALICE, 110, 80));
    // when
    var rejected = rejection(engine.process(sell(2, ALICE, 111, 30)));
    // then
    assertThat(rejected.code()).isEqualTo(ReasonCode.POSITION_INSUFFICIENT_AVAILABLE);
    assertThat(rejected.message())
        .isEqualTo("Expected owner 1 to have at least 30 lots available, but only 20 are");
    assertThat(engine.available(ALICE)).isEqualTo(20);
  }

  @Test
  void shouldReleaseReservationWhenOrderIsCancelled() {
    // given
    engine.process(sell(1, ALICE, 110, 80));
    // when
    List<EngineEvent> events = engine.process(cancel(1, ALICE));
    // then
    assertThat(events)
        .containsExactly(new OrderCancelled(1, ALICE, 80, CancelReason.OWNER_REQUEST));
    assertThat(engine.available(ALICE)).isEqualTo(100);
  }

  @Test
  void shouldRejectCancelOfAnotherOwnersOrder() {
    // given
    engine.process(sell(1, ALICE, 110, 10));
    // when
    var rejected = rejection(engine.process(cancel(1, BOB)));
    // then
    assertThat(rejected.code()).isEqualTo(ReasonCode.ORDER_NOT_OWNED);
    assertThat(engine.reserved(ALICE)).isEqualTo(10);
  }

  @Test
  void shouldCancelIncomingRemainderWhenItMeetsOrderOfSameOwner() {
    // given
    engine.process(sell(1, BOB, 99, 3));
    engine.process(sell(2, ALICE, 100, 5));
    engine.process(sell(3, BOB, 100, 5));
    // when
    List<EngineEvent> events = engine.process(buy(4, ALICE, 100, 10));
    // then: fills against Bob at 99, stops at its own order, keeps the resting one
    assertThat(trades(events)).extracting(TradeExecuted::sellOrderId).containsExactly(1L);
    assertThat(events.get(events.size() - 1))
        .isEqualTo(new OrderCancelled(4, ALICE, 7, CancelReason.SELF_TRADE_PREVENTION));
    assertThat(engine.snapshot().asks()).extracting(o -> o.orderId()).containsExactly(2L, 3L);
  }

  @Test
  void shouldCancelImmediateOrCancelRemainderAfterMatching() {
    // given
    engine.process(sell(1, ALICE, 100, 3));
    // when
    List<EngineEvent> events = engine.process(ioc(2, BOB, Side.BUY, 101, 5));
    // then
    assertThat(trades(events)).hasSize(1);
    assertThat(events.get(2))
        .isEqualTo(new OrderCancelled(2, BOB, 2, CancelReason.IMMEDIATE_OR_CANCEL_REMAINDER));
    assertThat(engine.snapshot().bids()).isEmpty();
  }

  @Test
  void shouldKeepTimePriorityWhenQuantityIsReduced() {
    // given
    engine.process(buy(1, ALICE, 100, 10));
    engine.process(buy(2, BOB, 100, 10));
    // when
    List<EngineEvent> events = engine.process(amend(1, ALICE, 100, 4));
    // then
    assertThat(events).containsExactly(new OrderAmended(1, ALICE, 100, 4, true));
    assertThat(engine.snapshot().bids()).extracting(o -> o.orderId()).containsExactly(1L, 2L);
  }

  @Test
  void shouldLoseTimePriorityWhenSizeIncreases() {
    // given
    engine.process(buy(1, ALICE, 100, 10));
    engine.process(buy(2, BOB, 100, 10));
    // when
    engine.process(amend(1, ALICE, 100, 11));
    // then
    assertThat(engine.snapshot().bids()).extracting(o -> o.orderId()).containsExactly(2L, 1L);
  }

  @Test
  void shouldTradeWhenAmendedPriceCrossesTheBook() {
    // given
    engine.process(sell(1, ALICE, 105, 10));
    engine.process(buy(2, BOB, 100, 10));
    // when
    List<EngineEvent> events = engine.process(amend(2, BOB, 106, 10));
    // then
    assertThat(events.get(0)).isEqualTo(new OrderAmended(2, BOB, 106, 10, false));
    assertThat(trades(events)).extracting(TradeExecuted::priceTicks).containsExactly(105L);
  }

  @Test
  void shouldRejectAmendThatIncreasesSellBeyondAvailable() {
    // given
    engine.process(sell(1, ALICE, 105, 90));
    // when
    var rejected = rejection(engine.process(amend(1, ALICE, 105, 101)));
    // then
    assertThat(rejected.code()).isEqualTo(ReasonCode.POSITION_INSUFFICIENT_AVAILABLE);
    assertThat(engine.reserved(ALICE)).isEqualTo(90);
  }

  @Test
  void shouldRejectAmendThatChangesNothing() {
    // given
    engine.process(buy(1, ALICE, 100, 10));
    // when / then
    assertThat(rejection(engine.process(amend(1, ALICE, 100, 10))).code())
        .isEqualTo(ReasonCode.ORDER_AMEND_NO_CHANGE);
  }

  @Test
  void shouldRejectDuplicateOrderIdWhileTheFirstRests() {
    // given
    engine.process(buy(1, ALICE, 100, 10));
    // when / then
    assertThat(rejection(engine.process(buy(1, BOB, 99, 1))).code())
        .isEqualTo(ReasonCode.ORDER_ID_IN_USE);
  }

  @Test
  void shouldRejectContinuousOrderPricedOutsideTheBand() {
    // given
    MatchingEngine banded = newEngine(100);
    banded.process(new EngineCommand.OpenWindow(WindowPhase.CONTINUOUS, new PriceBand(90, 110)));
    // when
    var rejected = rejection(banded.process(buy(1, ALICE, 111, 1)));
    // then
    assertThat(rejected.code()).isEqualTo(ReasonCode.ORDER_PRICE_OUTSIDE_BAND);
    assertThat(rejected.message())
        .isEqualTo("Expected price within the band 90..110 ticks, but it was 111");
  }

  @Test
  void shouldExpireRemainderAndReleaseReservationWhenWindowCloses() {
    // given
    engine.process(sell(1, ALICE, 105, 10));
    engine.process(buy(2, BOB, 100, 4));
    // when
    List<EngineEvent> events = engine.process(new EngineCommand.CloseWindow());
    // then
    assertThat(events)
        .containsExactly(
            new OrderExpired(2, BOB, 4),
            new OrderExpired(1, ALICE, 10),
            new WindowPhaseChanged(WindowPhase.CONTINUOUS, WindowPhase.CLOSED));
    assertThat(engine.available(ALICE)).isEqualTo(100);
  }

  @Test
  void shouldRejectDebitOfReservedLots() {
    // given
    engine.process(sell(1, ALICE, 105, 95));
    // when / then
    assertThat(rejection(engine.process(new EngineCommand.DebitHolding(ALICE, 6))).code())
        .isEqualTo(ReasonCode.POSITION_INSUFFICIENT_AVAILABLE);
  }

  @Test
  void shouldContinueIdenticallyAfterSnapshotAndRestore() {
    // given
    engine.process(sell(1, ALICE, 105, 10));
    engine.process(buy(2, BOB, 100, 4));
    engine.process(buy(3, BOB, 104, 4));
    EngineState state = EngineState.fromBytes(engine.snapshot().toBytes());
    MatchingEngine restored = restore(state);
    // when
    List<EngineEvent> original = engine.process(buy(4, CAROL, 106, 20));
    List<EngineEvent> replayed = restored.process(buy(4, CAROL, 106, 20));
    // then
    assertThat(replayed).isEqualTo(original);
    assertThat(restored.stateHash()).isEqualTo(engine.stateHash());
  }

  protected abstract MatchingEngine restore(EngineState state);
}
