package io.equitoken.trading.engine;

import static io.equitoken.trading.engine.EngineDsl.accreditedOnly;
import static io.equitoken.trading.engine.EngineDsl.amend;
import static io.equitoken.trading.engine.EngineDsl.buy;
import static io.equitoken.trading.engine.EngineDsl.cancel;
import static io.equitoken.trading.engine.EngineDsl.credit;
import static io.equitoken.trading.engine.EngineDsl.day;
import static io.equitoken.trading.engine.EngineDsl.investor;
import static io.equitoken.trading.engine.EngineDsl.ioc;
import static io.equitoken.trading.engine.EngineDsl.issuer;
import static io.equitoken.trading.engine.EngineDsl.jurisdictions;
import static io.equitoken.trading.engine.EngineDsl.lockup;
import static io.equitoken.trading.engine.EngineDsl.maxHolders;
import static io.equitoken.trading.engine.EngineDsl.maxHolding;
import static io.equitoken.trading.engine.EngineDsl.maxNonAccreditedHolders;
import static io.equitoken.trading.engine.EngineDsl.minOrder;
import static io.equitoken.trading.engine.EngineDsl.openCall;
import static io.equitoken.trading.engine.EngineDsl.openContinuous;
import static io.equitoken.trading.engine.EngineDsl.rejection;
import static io.equitoken.trading.engine.EngineDsl.rules;
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
import java.util.Set;
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
  static final long DAVE = 4;

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

  // ---- transfer rules -------------------------------------------------------------------------

  @Test
  void shouldRejectOrderBelowMinimumSize() {
    // given
    engine.process(rules(1, minOrder(5)));
    // when
    var rejected = rejection(engine.process(buy(1, CAROL, 100, 4)));
    // then
    assertThat(rejected.code()).isEqualTo(ReasonCode.RULE_MIN_ORDER_SIZE);
    assertThat(rejected.message()).isEqualTo("Expected an order of at least 5 lots, but it was 4");
    assertThat(engine.process(buy(2, CAROL, 100, 5))).hasSize(1);
    assertThat(rejection(engine.process(amend(2, CAROL, 100, 4))).code())
        .isEqualTo(ReasonCode.RULE_MIN_ORDER_SIZE);
  }

  @Test
  void shouldAdmitOnlyAccreditedBuyersWhenAccreditedOnly() {
    // given
    engine.process(investor(CAROL, "US", false));
    engine.process(investor(DAVE, "US", true));
    engine.process(rules(1, accreditedOnly()));
    // when / then
    assertThat(rejection(engine.process(buy(1, CAROL, 100, 5))).code())
        .isEqualTo(ReasonCode.RULE_ACCREDITED_ONLY);
    assertThat(engine.process(buy(2, DAVE, 100, 5))).hasSize(1);
    assertThat(engine.process(sell(3, ALICE, 101, 5)))
        .as("a non-accredited holder may still sell")
        .hasSize(1);
  }

  @Test
  void shouldRefuseBuyersOutsideTheAdmittedJurisdictions() {
    // given
    engine.process(investor(CAROL, "FR", true));
    engine.process(investor(DAVE, null, true));
    engine.process(rules(1, jurisdictions(Set.of(), Set.of("FR"))));
    // when / then
    assertThat(rejection(engine.process(buy(1, CAROL, 100, 5))).code())
        .isEqualTo(ReasonCode.RULE_JURISDICTION);
    assertThat(engine.process(buy(2, DAVE, 100, 5))).hasSize(1);
    engine.process(rules(2, jurisdictions(Set.of("US", "DE"), Set.of())));
    assertThat(rejection(engine.process(buy(3, DAVE, 100, 5))).code())
        .as("an unknown country is not an allowed one")
        .isEqualTo(ReasonCode.RULE_JURISDICTION);
    engine.process(investor(DAVE, "DE", true));
    assertThat(engine.process(buy(4, DAVE, 100, 5))).hasSize(1);
  }

  @Test
  void shouldRefuseANewHolderWhenTheHolderCapIsReached() {
    // given ALICE and BOB hold
    engine.process(rules(1, maxHolders(2)));
    // when
    var rejected = rejection(engine.process(buy(1, CAROL, 100, 5)));
    // then
    assertThat(rejected.code()).isEqualTo(ReasonCode.RULE_MAX_HOLDERS);
    assertThat(rejected.message())
        .isEqualTo("Expected at most 2 holders, but owner 3 would be one more");
    assertThat(engine.process(buy(2, BOB, 100, 5))).as("an existing holder may buy").hasSize(1);
  }

  @Test
  void shouldLetANewHolderReplaceOneWhoSellsOut() {
    // given
    engine.process(rules(1, maxHolders(3)));
    engine.process(buy(1, CAROL, 100, 100));
    engine.process(rules(2, maxHolders(2)));
    // when BOB sells everything to CAROL, the count stays at 2
    List<EngineEvent> events = engine.process(sell(2, BOB, 100, 100));
    // then
    assertThat(trades(events)).hasSize(1);
    assertThat(engine.holding(CAROL)).isEqualTo(100);
    assertThat(engine.holding(BOB)).isZero();
  }

  @Test
  void shouldCancelARestingBuyWhoseFillWouldExceedTheHolderCap() {
    // given CAROL's buy rests before the cap is lowered
    engine.process(buy(1, CAROL, 100, 5));
    engine.process(rules(1, maxHolders(2)));
    // when ALICE sells into it (and keeps holding)
    List<EngineEvent> events = engine.process(sell(2, ALICE, 100, 5));
    // then the resting buy is cancelled with the rule, the sell rests
    assertThat(events)
        .containsExactly(
            new OrderAccepted(2, ALICE, Side.SELL, 100, 5, TimeInForce.GOOD_TILL_WINDOW_CLOSE),
            new OrderCancelled(1, CAROL, 5, CancelReason.RULE_MAX_HOLDERS));
    assertThat(engine.holding(CAROL)).isZero();
    assertThat(engine.reserved(ALICE)).isEqualTo(5);
  }

  @Test
  void shouldCapNonAccreditedHolders() {
    // given ALICE and BOB hold, unknown facts count as non-accredited
    engine.process(investor(DAVE, "US", true));
    engine.process(rules(1, maxNonAccreditedHolders(2)));
    // when / then
    assertThat(rejection(engine.process(buy(1, CAROL, 100, 5))).code())
        .isEqualTo(ReasonCode.RULE_MAX_NON_ACCREDITED_HOLDERS);
    engine.process(sell(2, ALICE, 100, 5));
    assertThat(trades(engine.process(buy(3, DAVE, 100, 5))))
        .as("an accredited investor is not capped")
        .hasSize(1);
  }

  @Test
  void shouldCapTheHoldingWithOpenBuysCounted() {
    // given
    engine.process(rules(1, maxHolding(110)));
    // when / then
    assertThat(engine.process(buy(1, BOB, 90, 6))).hasSize(1);
    var rejected = rejection(engine.process(buy(2, BOB, 90, 5)));
    assertThat(rejected.code()).isEqualTo(ReasonCode.RULE_MAX_HOLDING);
    assertThat(engine.process(buy(3, BOB, 90, 4))).hasSize(1);
    assertThat(rejection(engine.process(amend(3, BOB, 90, 5))).code())
        .isEqualTo(ReasonCode.RULE_MAX_HOLDING);
  }

  @Test
  void shouldLockPrimaryPurchasesUntilTheLockupEnds() {
    // given ALICE is the issuer; CAROL buys from her on day 1
    engine.process(issuer(ALICE));
    engine.process(rules(1, lockup(30, false)));
    engine.process(day(1));
    engine.process(sell(1, ALICE, 100, 10));
    engine.process(buy(2, CAROL, 100, 10));
    engine.process(day(30));
    // when / then
    var rejected = rejection(engine.process(sell(3, CAROL, 100, 5)));
    assertThat(rejected.code()).isEqualTo(ReasonCode.RULE_LOCKUP);
    assertThat(rejected.message())
        .isEqualTo(
            "Expected owner 3 to have 5 lots past their lock-up of 30 days, but they do not");
    engine.process(day(31));
    assertThat(engine.process(sell(4, CAROL, 100, 5))).hasSize(1);
  }

  @Test
  void shouldLockEveryPurchaseOnlyWhenTheLockupCoversAllPurchases() {
    // given BOB buys from ALICE, who is not the issuer: a secondary purchase
    engine.process(rules(1, lockup(10, false)));
    engine.process(sell(1, ALICE, 100, 10));
    engine.process(buy(2, CAROL, 100, 10));
    // when / then
    assertThat(engine.process(sell(3, CAROL, 101, 5))).hasSize(1);
    engine.process(rules(2, lockup(10, true)));
    assertThat(rejection(engine.process(sell(4, CAROL, 101, 5))).code())
        .isEqualTo(ReasonCode.RULE_LOCKUP);
  }

  @Test
  void shouldCancelARestingSellWhoseLotsALongerLockupHolds() {
    // given CAROL bought from the issuer and offers them after a short lock-up
    engine.process(issuer(ALICE));
    engine.process(sell(1, ALICE, 100, 10));
    engine.process(buy(2, CAROL, 100, 10));
    engine.process(sell(3, CAROL, 105, 10));
    engine.process(rules(1, lockup(30, false)));
    // when
    List<EngineEvent> events = engine.process(buy(4, BOB, 105, 10));
    // then
    assertThat(events)
        .containsExactly(
            new OrderAccepted(4, BOB, Side.BUY, 105, 10, TimeInForce.GOOD_TILL_WINDOW_CLOSE),
            new OrderCancelled(3, CAROL, 10, CancelReason.RULE_LOCKUP));
    assertThat(engine.reserved(CAROL)).isZero();
  }

  @Test
  void shouldExemptTheIssuerFromHolderLockupAndHoldingRules() {
    // given
    engine.process(issuer(ALICE));
    engine.process(
        rules(1, new TransferRules(1L, 0L, true, Set.of("US"), null, 1L, 365L, true, null)));
    // when / then: the issuer sells and buys back
    assertThat(engine.process(sell(1, ALICE, 100, 10))).hasSize(1);
    engine.process(EngineDsl.cancel(1, ALICE));
    assertThat(engine.process(buy(2, ALICE, 100, 50))).hasSize(1);
  }

  @Test
  void shouldApplyAScheduledVersionWhenTheCommandClockReachesIt() {
    // given
    engine.process(day(1));
    engine.process(new EngineCommand.ScheduleRules(1, minOrder(5), 2 * TransferRules.DAY_MILLIS));
    // when / then
    assertThat(engine.process(buy(1, CAROL, 100, 1))).hasSize(1);
    engine.process(day(2));
    assertThat(rejection(engine.process(buy(2, CAROL, 100, 1))).code())
        .isEqualTo(ReasonCode.RULE_MIN_ORDER_SIZE);
    engine.process(rules(1, EngineDsl.noRules()));
    assertThat(rejection(engine.process(buy(3, CAROL, 100, 1))).code())
        .as("an older version changes nothing")
        .isEqualTo(ReasonCode.RULE_MIN_ORDER_SIZE);
    assertThat(engine.snapshot().rules().version()).isEqualTo(1);
  }

  @Test
  void shouldCancelBindingBuysBeforeTheUncrossInAllocationOrder() {
    // given one free holder slot and two new buyers in a call auction
    MatchingEngine call = newEngine(100);
    call.process(credit(ALICE, 100));
    call.process(credit(BOB, 100));
    call.process(openCall(PriceBand.NONE));
    call.process(rules(1, maxHolders(3)));
    call.process(buy(1, CAROL, 101, 5));
    call.process(buy(2, DAVE, 100, 5));
    call.process(sell(3, ALICE, 99, 10));
    // when
    List<EngineEvent> events = call.process(new EngineCommand.Uncross());
    // then DAVE, second in allocation order, is cancelled first; CAROL's fill clears
    assertThat(events.get(0))
        .isEqualTo(new OrderCancelled(2, DAVE, 5, CancelReason.RULE_MAX_HOLDERS));
    assertThat(events.get(1)).isInstanceOf(EngineEvent.AuctionCleared.class);
    assertThat(trades(events)).extracting(TradeExecuted::buyer).containsOnly(CAROL);
    assertThat(call.holding(DAVE)).isZero();
    assertThat(call.snapshot().rules().lots()).isNotEmpty();
  }

  @Test
  void shouldKeepRulesStateAcrossSnapshotAndReadOldSnapshots() {
    // given
    engine.process(issuer(ALICE));
    engine.process(investor(CAROL, "DE", true));
    engine.process(rules(1, lockup(30, false)));
    engine.process(day(1));
    engine.process(sell(1, ALICE, 100, 10));
    engine.process(buy(2, CAROL, 100, 10));
    // when
    EngineState state = EngineState.fromBytes(engine.snapshot().toBytes());
    MatchingEngine restored = restore(state);
    // then
    assertThat(state).isEqualTo(engine.snapshot());
    assertThat(rejection(restored.process(sell(3, CAROL, 100, 5))).code())
        .isEqualTo(ReasonCode.RULE_LOCKUP);
    EngineState old = EngineState.fromBytes(withoutRules(engine.snapshot().toBytes()));
    assertThat(old.rules()).isEqualTo(RulesState.EMPTY);
    MatchingEngine fromOld = restore(old);
    assertThat(fromOld.holding(CAROL)).isEqualTo(10);
    assertThat(fromOld.process(sell(3, CAROL, 100, 5)))
        .as("no rules before they existed")
        .hasSize(1);
  }

  /** The same state as a snapshot written before rules existed: magic ETE1, no rules tail. */
  private static byte[] withoutRules(byte[] v2) {
    EngineState s = EngineState.fromBytes(v2);
    byte[] bare =
        new EngineState(
                s.issuePriceTicks(),
                s.phase(),
                s.band(),
                s.lastTradePriceTicks(),
                s.lastTradeId(),
                s.holdings(),
                s.bids(),
                s.asks())
            .toBytes();
    // the empty rules tail: 5 longs, rules (5 optional longs, 2 booleans, 2 empty lists),
    // 1 boolean, 2 empty lists
    int emptyTail = 5 * 8 + (5 * 8 + 2 + 2 * 4) + 1 + 2 * 4;
    byte[] v1 = java.util.Arrays.copyOf(bare, bare.length - emptyTail);
    v1[3] = '1';
    return v1;
  }

  protected abstract MatchingEngine restore(EngineState state);
}
