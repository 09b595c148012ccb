package io.equitoken.trading.matcher;

import java.time.Instant;
import tools.jackson.databind.node.ObjectNode;

/**
 * One event the matcher emits on {@code trading.events.v1}: a CloudEvent whose {@code id} is
 * derived from the command id and the event's index in the command's output (so a replay yields the
 * same id), keyed and subject-ed by the token id.
 *
 * @param type the full type, e.g. {@code equitoken.trading.order.filled.v1}
 */
public record MatcherEvent(String id, String type, String key, Instant time, ObjectNode data) {

  /** The short name, e.g. {@code order.filled}. */
  public String name() {
    return type.substring("equitoken.trading.".length(), type.length() - ".v1".length());
  }
}
