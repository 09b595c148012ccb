package io.equitoken.trading.matcher.core;

import io.equitoken.platform.events.TimeOrderedIds;
import java.time.Instant;

/**
 * One event the matcher emits on {@code trading.events.v1}: a CloudEvent whose {@code id} is
 * derived from the command's id and time and the event's index in the command's output (so a replay
 * yields the same id), keyed and subject-ed by the token id.
 *
 * @param type the full type, e.g. {@code equitoken.trading.order.filled.v1}
 * @param data the typed data ({@link #dataJson()} is what goes on the wire)
 */
public record MatcherEvent(String id, String type, String key, Instant time, TradingEvent data) {

  public static final String TYPE_PREFIX = "equitoken.trading.";

  /**
   * The id of the {@code index}-th event (from 0) a command causes: the same in every replay, and
   * ordered by the command's time ({@link TimeOrderedIds#named}: a version 8 UUID of the command's
   * millisecond and {@code event|<commandId>|<index>}), so consumers' processed-event indexes grow
   * at their right edge.
   */
  public static String idOf(String commandId, Instant at, int index) {
    return TimeOrderedIds.named(at.toEpochMilli(), "event|" + commandId + "|" + index).toString();
  }

  /** The short name, e.g. {@code order.filled}. */
  public String name() {
    return data.name();
  }

  /** The data as JSON, exactly as the contract of {@link #type()} specifies. */
  public String dataJson() {
    return WireJson.write(data);
  }

  /** {@link #dataJson()} as UTF-8 bytes, written straight to bytes: what goes on the wire. */
  public byte[] dataBytes() {
    return WireJson.writeBytes(data);
  }
}
