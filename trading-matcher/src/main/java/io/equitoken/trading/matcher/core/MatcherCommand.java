package io.equitoken.trading.matcher.core;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A command of {@code trading.orders.v1} as the matcher reads it (the {@code
 * equitoken.trading.command.*.v1} schemas). {@code commandId} is the data's {@code commandId} when
 * present, else the CloudEvents {@code ce_id}; {@code at} is the only time the matcher uses.
 *
 * <p>{@link #dispatch} hands each command to its own method of a {@link Handler}: a new command is
 * a new record here and a new method there, and the compiler points at every handler that lacks it.
 */
public sealed interface MatcherCommand {

  String TYPE_PREFIX = "equitoken.trading.command.";

  String commandId();

  String tokenId();

  Instant at();

  /** Calls the handler's method for this command, with the caller's context. */
  <C> void dispatch(Handler<C> handler, C context);

  /** One method per command. */
  interface Handler<C> {
    void register(RegisterToken command, C context);

    void place(PlaceOrder command, C context);

    void cancel(CancelOrder command, C context);

    void transfer(Transfer command, C context);

    void open(OpenWindow command, C context);

    void startCallPhase(StartCallPhase command, C context);

    void indicate(Indicate command, C context);

    void close(CloseWindow command, C context);
  }

  record RegisterToken(
      String commandId,
      String tokenId,
      String issuerId,
      BigDecimal supply,
      BigDecimal issuePrice,
      BigDecimal tickSize,
      BigDecimal lotSize,
      Instant at)
      implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.register(this, context);
    }
  }

  record PlaceOrder(
      String commandId,
      String orderId,
      String ownerId,
      String tokenId,
      String windowId,
      String side,
      BigDecimal quantity,
      BigDecimal limitPrice,
      Instant at)
      implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.place(this, context);
    }
  }

  record CancelOrder(String commandId, String orderId, String ownerId, String tokenId, Instant at)
      implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.cancel(this, context);
    }
  }

  record Transfer(
      String commandId,
      String transferId,
      String tokenId,
      String fromId,
      String toId,
      BigDecimal quantity,
      String reason,
      String requestedBy,
      Instant at)
      implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.transfer(this, context);
    }
  }

  record OpenWindow(
      String commandId,
      String windowId,
      String tokenId,
      String phase,
      BigDecimal priceBand,
      Instant at)
      implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.open(this, context);
    }
  }

  record StartCallPhase(String commandId, String windowId, String tokenId, Instant at)
      implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.startCallPhase(this, context);
    }
  }

  record Indicate(String commandId, String windowId, String tokenId, Instant at)
      implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.indicate(this, context);
    }
  }

  record CloseWindow(String commandId, String windowId, String tokenId, Instant at)
      implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.close(this, context);
    }
  }
}
