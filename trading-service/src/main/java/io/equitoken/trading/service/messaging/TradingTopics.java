package io.equitoken.trading.service.messaging;

/** The topics this service writes. */
public final class TradingTopics {

  /** Facts, type {@code equitoken.trading.<name>.v1}. */
  public static final String EVENTS = "trading.events.v1";

  /**
   * Commands to the matcher, type {@code equitoken.trading.command.<name>.v1}, keyed by the token
   * id so that each token's commands are totally ordered. The matcher dedupes on the CloudEvents id
   * the outbox assigns.
   */
  public static final String COMMANDS = "trading.orders.v1";

  private TradingTopics() {}
}
