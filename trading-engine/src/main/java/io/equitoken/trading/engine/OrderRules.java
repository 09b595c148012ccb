package io.equitoken.trading.engine;

import io.equitoken.trading.engine.EngineCommand.PlaceOrder;

/**
 * The stateless admission checks shared by every implementation, so that they reject the same
 * commands with the same reason in the same order. Checks that need the book (duplicate id,
 * availability, self-trade in the call phase) follow in each engine, in the order documented in
 * docs/services/trading-engine.md.
 */
public final class OrderRules {
  private OrderRules() {}

  /** Window open, quantity and price in range, IOC only when continuous, price in the band. */
  public static boolean admitsPlacement(
      WindowPhase phase, PriceBand band, PlaceOrder order, EventSink sink) {
    if (phase == WindowPhase.CLOSED) {
      Rejections.windowNotOpen(sink);
      return false;
    }
    if (!admitsValues(phase, band, order.priceTicks(), order.lots(), sink)) {
      return false;
    }
    if (phase == WindowPhase.CALL && order.timeInForce() == TimeInForce.IMMEDIATE_OR_CANCEL) {
      Rejections.iocInCallPhase(sink);
      return false;
    }
    return true;
  }

  /**
   * Quantity and price in range; in the continuous phase the price inside the band, because
   * continuous trades happen at resting prices and so must never rest outside it. In the call phase
   * a limit beyond the band is a legitimate "any band price will do".
   */
  public static boolean admitsValues(
      WindowPhase phase, PriceBand band, long priceTicks, long lots, EventSink sink) {
    if (!Limits.validLots(lots)) {
      Rejections.quantityOutOfRange(sink, lots);
      return false;
    }
    if (!Limits.validPrice(priceTicks)) {
      Rejections.priceOutOfRange(sink, priceTicks);
      return false;
    }
    if (phase == WindowPhase.CONTINUOUS && !band.contains(priceTicks)) {
      Rejections.priceOutsideBand(sink, priceTicks, band);
      return false;
    }
    return true;
  }

  /** Credits and debits: an amount in range. */
  public static boolean admitsAmount(long lots, EventSink sink) {
    if (!Limits.validLots(lots)) {
      Rejections.amountOutOfRange(sink, lots);
      return false;
    }
    return true;
  }
}
