package io.equitoken.trading.matcher.core;

import io.equitoken.trading.engine.EngineEvent;
import io.equitoken.trading.engine.EngineEvent.HoldingChanged;
import io.equitoken.trading.engine.EngineEvent.OrderAccepted;
import io.equitoken.trading.engine.EngineEvent.OrderCancelled;
import io.equitoken.trading.engine.EngineEvent.OrderExpired;
import io.equitoken.trading.engine.EngineEvent.TradeExecuted;
import io.equitoken.trading.engine.Side;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The positions of the owners one command touches, walked forward event by event so that each
 * {@code holding.changed} states the position right after its own change: they start at the
 * engine's values after the command minus the command's changes (the engine only knows the end).
 */
final class Positions {

  /** One owner's position, in lots: what they hold and how much of it open sell orders reserve. */
  record Position(long holdingLots, long reservedLots) {

    long availableLots() {
      return holdingLots - reservedLots;
    }

    Position plus(long holding, long reserved) {
      return new Position(holdingLots + holding, reservedLots + reserved);
    }
  }

  private final Map<Long, Position> current = new HashMap<>();

  /** The positions before {@code events}, which the engine has already applied. */
  Positions(TokenBook book, List<EngineEvent> events) {
    Map<Long, Position> delta = new HashMap<>();
    for (EngineEvent e : events) {
      if (e instanceof OrderAccepted a && a.side() == Side.SELL) {
        add(delta, a.owner(), 0, a.lots());
      } else if (e instanceof TradeExecuted t) {
        add(delta, t.buyer(), t.lots(), 0);
        add(delta, t.seller(), -t.lots(), -t.lots());
      } else if (e instanceof OrderCancelled x && isSell(book, x.orderId())) {
        add(delta, x.owner(), 0, -x.remainingLots());
      } else if (e instanceof OrderExpired x && isSell(book, x.orderId())) {
        add(delta, x.owner(), 0, -x.remainingLots());
      } else if (e instanceof HoldingChanged h) {
        add(delta, h.owner(), h.deltaLots(), 0);
      }
    }
    delta.forEach(
        (owner, d) ->
            current.put(
                owner,
                new Position(
                    book.engine.holding(owner) - d.holdingLots(),
                    book.engine.reserved(owner) - d.reservedLots())));
  }

  /** Applies one change of the owner's position and answers the position after it. */
  Position move(long owner, long holdingLots, long reservedLots) {
    return current.merge(owner, new Position(holdingLots, reservedLots), Positions::sum);
  }

  private static void add(Map<Long, Position> delta, long owner, long holding, long reserved) {
    delta.merge(owner, new Position(holding, reserved), Positions::sum);
  }

  private static Position sum(Position a, Position b) {
    return a.plus(b.holdingLots(), b.reservedLots());
  }

  private static boolean isSell(TokenBook book, long orderNumber) {
    return book.openOrders.get(orderNumber).side == Side.SELL;
  }
}
