package io.equitoken.trading.matcher.core;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/** Builds matcher commands for tests: deterministic ids, a clock that ticks per command. */
public final class Commands {

  public static final String ISSUER = "founder-nova";
  private final String tokenId;
  private Instant now = Instant.parse("2026-11-27T14:00:00Z");
  private int seq;

  public Commands(String tokenId) {
    this.tokenId = tokenId;
  }

  public static String uuid(String name) {
    return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
  }

  public String token() {
    return tokenId;
  }

  private String nextId() {
    return uuid(tokenId + "/command/" + (++seq));
  }

  /** Moves the clock the next commands are stamped with (back for one accepted earlier). */
  public void shift(java.time.Duration by) {
    now = now.plus(by);
  }

  private Instant at() {
    now = now.plusMillis(250);
    return now;
  }

  public MatcherCommand register(String supply, String issuePrice) {
    return new MatcherCommand.RegisterToken(
        nextId(),
        tokenId,
        ISSUER,
        new BigDecimal(supply),
        new BigDecimal(issuePrice),
        new BigDecimal("0.01"),
        BigDecimal.ONE,
        at());
  }

  public MatcherCommand open(String window, String phase, String band) {
    return new MatcherCommand.OpenWindow(
        nextId(), uuid(window), tokenId, phase, band == null ? null : new BigDecimal(band), at());
  }

  public MatcherCommand callPhase(String window) {
    return new MatcherCommand.StartCallPhase(nextId(), uuid(window), tokenId, at());
  }

  public MatcherCommand indicate(String window) {
    return new MatcherCommand.Indicate(nextId(), uuid(window), tokenId, at());
  }

  public MatcherCommand close(String window) {
    return new MatcherCommand.CloseWindow(nextId(), uuid(window), tokenId, at());
  }

  public MatcherCommand place(
      String order, String owner, String window, String side, String qty, String price) {
    return new MatcherCommand.PlaceOrder(
        nextId(),
        uuid(order),
        owner,
        tokenId,
        uuid(window),
        side,
        new BigDecimal(qty),
        new BigDecimal(price),
        at());
  }

  /** An order carrying the owner's KYC facts, as intake sends it. */
  public MatcherCommand place(
      String order,
      String owner,
      String window,
      String side,
      String qty,
      String price,
      String jurisdiction,
      boolean accredited) {
    return new MatcherCommand.PlaceOrder(
        nextId(),
        uuid(order),
        owner,
        tokenId,
        uuid(window),
        side,
        new BigDecimal(qty),
        new BigDecimal(price),
        at(),
        new MatcherCommand.InvestorFacts(jurisdiction, accredited));
  }

  /** A rules version in force from {@code effectiveAfterMillis} after this command's time. */
  public MatcherCommand rules(long version, MatcherCommand.Rules rules, long effectiveAfterMillis) {
    Instant at = at();
    return new MatcherCommand.SetRules(
        nextId(), tokenId, version, rules, at.plusMillis(effectiveAfterMillis), at);
  }

  /** Moves this script's clock on, as if time passed between commands. */
  public void advance(java.time.Duration duration) {
    now = now.plus(duration);
  }

  public MatcherCommand halt(boolean cancelOrders) {
    return new MatcherCommand.HaltMarket(
        nextId(), tokenId, cancelOrders, "suspected manipulation", at());
  }

  public MatcherCommand freeze(String investor) {
    return new MatcherCommand.FreezeInvestor(nextId(), tokenId, investor, "court order", at());
  }

  public MatcherCommand unfreeze(String investor) {
    return new MatcherCommand.UnfreezeInvestor(nextId(), tokenId, investor, at());
  }

  public MatcherCommand resume() {
    return new MatcherCommand.ResumeMarket(nextId(), tokenId, at());
  }

  public MatcherCommand cancel(String order, String owner) {
    return new MatcherCommand.CancelOrder(nextId(), uuid(order), owner, tokenId, at());
  }

  public MatcherCommand transfer(String transfer, String from, String to, String qty) {
    return new MatcherCommand.Transfer(
        nextId(),
        uuid(transfer),
        tokenId,
        from,
        to,
        new BigDecimal(qty),
        "inheritance",
        "op-carol",
        at());
  }
}
