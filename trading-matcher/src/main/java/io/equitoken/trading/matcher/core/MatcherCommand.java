package io.equitoken.trading.matcher.core;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Set;

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

    void rules(SetRules command, C context);

    void halt(HaltMarket command, C context);

    void resume(ResumeMarket command, C context);

    void freeze(FreezeInvestor command, C context);

    void unfreeze(UnfreezeInvestor command, C context);
  }

  /**
   * What the token's rules need to know of an investor, from trading-service's KYC read model at
   * intake: the approved KYC's country (ISO 3166-1 alpha-2, null when unknown) and accredited
   * status. Carried by the commands of the token's partition so that a replay judges alike.
   */
  record InvestorFacts(String jurisdiction, boolean accredited) {}

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
      Instant at,
      InvestorFacts investor)
      implements MatcherCommand {

    /** An order without investor facts (the book keeps what it last knew of the owner). */
    public PlaceOrder(
        String commandId,
        String orderId,
        String ownerId,
        String tokenId,
        String windowId,
        String side,
        BigDecimal quantity,
        BigDecimal limitPrice,
        Instant at) {
      this(commandId, orderId, ownerId, tokenId, windowId, side, quantity, limitPrice, at, null);
    }

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
      Instant at,
      InvestorFacts toInvestor)
      implements MatcherCommand {

    /** A transfer without the receiver's facts. */
    public Transfer(
        String commandId,
        String transferId,
        String tokenId,
        String fromId,
        String toId,
        BigDecimal quantity,
        String reason,
        String requestedBy,
        Instant at) {
      this(commandId, transferId, tokenId, fromId, toId, quantity, reason, requestedBy, at, null);
    }

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

  /**
   * A version of the token's transfer rules, in force from {@code effectiveAt} (decided by the
   * commands' own times, so a replay switches at the same command). Quantities are tokens: the
   * maximum holding is rounded down and the minimum order size up to whole lots.
   */
  record SetRules(
      String commandId, String tokenId, long version, Rules rules, Instant effectiveAt, Instant at)
      implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.rules(this, context);
    }
  }

  /**
   * An operator halts trading in the token: from this command on the matcher refuses the token's
   * new orders ({@code market.halted}), publishes no indicative auction and, should the window
   * close while halted, closes it without an uncross (every resting order expires). Resting orders
   * stay unless {@code cancelOrders}: then each is cancelled with reason {@code market.halted}, in
   * order of arrival. A halt of a halted token changes nothing (but still cancels when asked).
   */
  record HaltMarket(
      String commandId, String tokenId, boolean cancelOrders, String reason, Instant at)
      implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.halt(this, context);
    }
  }

  /** An operator resumes trading in a halted token: new orders are judged as usual again. */
  record ResumeMarket(String commandId, String tokenId, Instant at) implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.resume(this, context);
    }
  }

  /**
   * An operator froze an investor: from this command on the token's matcher refuses the investor's
   * orders and transfers out of their holding ({@code investor.frozen}), and every resting order of
   * theirs in the token is cancelled now (reason {@code investor.frozen}, in order of arrival).
   * Holdings stay. trading-service sends it to every token's partition.
   */
  record FreezeInvestor(
      String commandId, String tokenId, String investorId, String reason, Instant at)
      implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.freeze(this, context);
    }
  }

  /** An operator unfroze an investor: their orders and transfers are judged as usual again. */
  record UnfreezeInvestor(String commandId, String tokenId, String investorId, Instant at)
      implements MatcherCommand {
    @Override
    public <C> void dispatch(Handler<C> handler, C context) {
      handler.unfreeze(this, context);
    }
  }

  /** The rules of {@link SetRules}, each optional (null or empty = none). */
  record Rules(
      Long maxHolders,
      Long maxNonAccreditedHolders,
      boolean accreditedOnly,
      Set<String> allowedJurisdictions,
      Set<String> blockedJurisdictions,
      BigDecimal maxHolding,
      Long lockupDays,
      boolean lockupAllPurchases,
      BigDecimal minOrderSize) {}
}
