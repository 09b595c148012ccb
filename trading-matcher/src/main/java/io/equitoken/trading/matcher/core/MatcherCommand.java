package io.equitoken.trading.matcher;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A command of {@code trading.orders.v1} as the matcher reads it (the {@code
 * equitoken.trading.command.*.v1} schemas). {@code commandId} is the data's {@code commandId} when
 * present, else the CloudEvents {@code ce_id}; {@code at} is the only time the matcher uses.
 */
public sealed interface MatcherCommand {

  String TYPE_PREFIX = "equitoken.trading.command.";

  String commandId();

  String tokenId();

  Instant at();

  record RegisterToken(
      String commandId,
      String tokenId,
      String issuerId,
      BigDecimal supply,
      BigDecimal issuePrice,
      BigDecimal tickSize,
      BigDecimal lotSize,
      Instant at)
      implements MatcherCommand {}

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
      implements MatcherCommand {}

  record CancelOrder(String commandId, String orderId, String ownerId, String tokenId, Instant at)
      implements MatcherCommand {}

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
      implements MatcherCommand {}

  record OpenWindow(
      String commandId,
      String windowId,
      String tokenId,
      String phase,
      BigDecimal priceBand,
      Instant at)
      implements MatcherCommand {}

  record StartCallPhase(String commandId, String windowId, String tokenId, Instant at)
      implements MatcherCommand {}

  record Indicate(String commandId, String windowId, String tokenId, Instant at)
      implements MatcherCommand {}

  record CloseWindow(String commandId, String windowId, String tokenId, Instant at)
      implements MatcherCommand {}
}
