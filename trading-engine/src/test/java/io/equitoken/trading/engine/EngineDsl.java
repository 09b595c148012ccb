package io.equitoken.trading.engine;

import io.equitoken.trading.engine.EngineCommand.AmendOrder;
import io.equitoken.trading.engine.EngineCommand.CancelOrder;
import io.equitoken.trading.engine.EngineCommand.CreditHolding;
import io.equitoken.trading.engine.EngineCommand.OpenWindow;
import io.equitoken.trading.engine.EngineCommand.PlaceOrder;
import io.equitoken.trading.engine.EngineEvent.CommandRejected;
import io.equitoken.trading.engine.EngineEvent.TradeExecuted;
import java.util.List;

/** Short names for commands in example tests, so that each test reads like its scenario. */
final class EngineDsl {
  private EngineDsl() {}

  static PlaceOrder buy(long id, long owner, long price, long lots) {
    return new PlaceOrder(id, owner, Side.BUY, price, lots, TimeInForce.GOOD_TILL_WINDOW_CLOSE);
  }

  static PlaceOrder sell(long id, long owner, long price, long lots) {
    return new PlaceOrder(id, owner, Side.SELL, price, lots, TimeInForce.GOOD_TILL_WINDOW_CLOSE);
  }

  static PlaceOrder ioc(long id, long owner, Side side, long price, long lots) {
    return new PlaceOrder(id, owner, side, price, lots, TimeInForce.IMMEDIATE_OR_CANCEL);
  }

  static CancelOrder cancel(long id, long owner) {
    return new CancelOrder(id, owner);
  }

  static AmendOrder amend(long id, long owner, long price, long lots) {
    return new AmendOrder(id, owner, price, lots);
  }

  static CreditHolding credit(long owner, long lots) {
    return new CreditHolding(owner, lots);
  }

  static OpenWindow openContinuous() {
    return new OpenWindow(WindowPhase.CONTINUOUS, PriceBand.NONE);
  }

  static OpenWindow openCall(PriceBand band) {
    return new OpenWindow(WindowPhase.CALL, band);
  }

  /** Rules in force at once: version {@code version}, effective at time 0. */
  static EngineCommand.ScheduleRules rules(long version, TransferRules rules) {
    return new EngineCommand.ScheduleRules(version, rules, 0);
  }

  static TransferRules noRules() {
    return TransferRules.NONE;
  }

  static TransferRules maxHolders(long n) {
    return new TransferRules(n, null, false, null, null, null, null, false, null);
  }

  static TransferRules maxNonAccreditedHolders(long n) {
    return new TransferRules(null, n, false, null, null, null, null, false, null);
  }

  static TransferRules accreditedOnly() {
    return new TransferRules(null, null, true, null, null, null, null, false, null);
  }

  static TransferRules jurisdictions(java.util.Set<String> allowed, java.util.Set<String> blocked) {
    return new TransferRules(null, null, false, allowed, blocked, null, null, false, null);
  }

  static TransferRules maxHolding(long lots) {
    return new TransferRules(null, null, false, null, null, lots, null, false, null);
  }

  static TransferRules lockup(long days, boolean allPurchases) {
    return new TransferRules(null, null, false, null, null, null, days, allPurchases, null);
  }

  static TransferRules minOrder(long lots) {
    return new TransferRules(null, null, false, null, null, null, null, false, lots);
  }

  static EngineCommand.SetInvestor investor(long owner, String country, boolean accredited) {
    return new EngineCommand.SetInvestor(owner, country, accredited, false);
  }

  static EngineCommand.SetInvestor issuer(long owner) {
    return new EngineCommand.SetInvestor(owner, null, false, true);
  }

  static EngineCommand.SetClock day(long day) {
    return new EngineCommand.SetClock(day * TransferRules.DAY_MILLIS);
  }

  static List<TradeExecuted> trades(List<EngineEvent> events) {
    return events.stream()
        .filter(TradeExecuted.class::isInstance)
        .map(TradeExecuted.class::cast)
        .toList();
  }

  static CommandRejected rejection(List<EngineEvent> events) {
    if (events.size() != 1 || !(events.get(0) instanceof CommandRejected r)) {
      throw new AssertionError("Expected exactly one rejection, but got " + events);
    }
    return r;
  }
}
