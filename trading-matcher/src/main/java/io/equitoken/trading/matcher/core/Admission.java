package io.equitoken.trading.matcher.core;

import io.equitoken.trading.engine.ReasonCode;
import io.equitoken.trading.engine.TokenSpec.OffGridInputException;
import io.equitoken.trading.matcher.core.MatcherCommand.PlaceOrder;
import io.equitoken.trading.matcher.core.MatcherCommand.Transfer;
import io.equitoken.trading.matcher.core.TradingEvent.Reason;

/**
 * The checks an order or a transfer passes before it reaches the engine (which then checks
 * positions, bands and phases itself). A refusal is a {@link Reason}: the code the rejection event
 * carries and a sentence for people.
 */
final class Admission {

  private Admission() {}

  /** Admitted with {@code value}, or refused for {@code refusal}. */
  record Verdict<T>(T value, Reason refusal) {

    static <T> Verdict<T> admitted(T value) {
      return new Verdict<>(value, null);
    }

    static <T> Verdict<T> refused(String code, String detail) {
      return new Verdict<>(null, new Reason(code, detail));
    }

    boolean isRefused() {
      return refusal != null;
    }
  }

  /** An order on the token's grid. */
  record OrderSize(long lots, long ticks) {}

  /** A transfer on the grid, from a holder the token knows (engine owner number). */
  record TransferSize(long fromOwner, long lots) {}

  static Reason unknownToken(String tokenId) {
    return new Reason(
        "token.unknown",
        "Expected token " + tokenId + " to be registered with the matcher, but it is not");
  }

  /** An order accepted longer than {@link TokenBook#ORDER_MEMORY} before the token's latest. */
  static Reason stale(PlaceOrder c) {
    return new Reason(
        "order.stale",
        "Expected order "
            + c.orderId()
            + " to reach the matcher within "
            + TokenBook.ORDER_MEMORY.toMinutes()
            + " minutes of the token's latest order, but it was accepted at "
            + c.at());
  }

  /**
   * The order's window is the token's open one, trading in the token is not halted, its quantity
   * and limit price on the grid.
   */
  static Verdict<OrderSize> order(TokenBook book, PlaceOrder c) {
    if (book.windowId == null || !book.windowId.equals(c.windowId())) {
      return Verdict.refused(
          ReasonCode.WINDOW_CLOSED.code(),
          "Expected window "
              + c.windowId()
              + " to be open for token "
              + c.tokenId()
              + ", but "
              + (book.windowId == null ? "no window is open" : "window " + book.windowId + " is"));
    }
    if (book.frozen.contains(c.ownerId())) {
      return Verdict.refused(
          ReasonCode.INVESTOR_FROZEN.code(),
          "Expected investor "
              + c.ownerId()
              + " to be allowed to trade, but an operator froze them");
    }
    if (book.halted) {
      return Verdict.refused(
          ReasonCode.MARKET_HALTED.code(),
          "Expected trading in token " + c.tokenId() + " to be running, but an operator halted it");
    }
    try {
      return Verdict.admitted(
          new OrderSize(book.spec.toLots(c.quantity()), book.spec.toTicks(c.limitPrice())));
    } catch (OffGridInputException e) {
      return Verdict.refused(e.code().code(), e.getMessage());
    }
  }

  /** The quantity on the grid, two different holders, and a sender who holds the token. */
  static Verdict<TransferSize> transfer(TokenBook book, Transfer c) {
    long lots;
    try {
      lots = book.spec.toLots(c.quantity());
    } catch (OffGridInputException e) {
      return Verdict.refused(e.code().code(), e.getMessage());
    }
    if (book.frozen.contains(c.fromId())) {
      return Verdict.refused(
          ReasonCode.INVESTOR_FROZEN.code(),
          "Expected holder "
              + c.fromId()
              + " to be allowed to transfer, but an operator froze them");
    }
    if (c.fromId().equals(c.toId())) {
      return Verdict.refused(
          "transfer.same_holder", "Expected two different holders, but both are " + c.fromId());
    }
    long from = book.knownOwner(c.fromId());
    if (from == 0) {
      return Verdict.refused(
          ReasonCode.POSITION_INSUFFICIENT_AVAILABLE.code(),
          "Expected " + c.fromId() + " to hold the token, but they hold none");
    }
    return Verdict.admitted(new TransferSize(from, lots));
  }
}
