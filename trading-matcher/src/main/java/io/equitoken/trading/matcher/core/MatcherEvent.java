package io.equitoken.trading.matcher.core;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/**
 * One event the matcher emits on {@code trading.events.v1}: a CloudEvent whose {@code id} is
 * derived from the command id and the event's index in the command's output (so a replay yields the
 * same id), keyed and subject-ed by the token id.
 *
 * @param type the full type, e.g. {@code equitoken.trading.order.filled.v1}
 * @param data the typed data ({@link #dataJson()} is what goes on the wire)
 */
public record MatcherEvent(String id, String type, String key, Instant time, TradingEvent data) {

  public static final String TYPE_PREFIX = "equitoken.trading.";

  /** The id of the {@code index}-th event (from 0) a command causes: the same in every replay. */
  public static String idOf(String commandId, int index) {
    return UUID.nameUUIDFromBytes(
            ("event|" + commandId + "|" + index).getBytes(StandardCharsets.UTF_8))
        .toString();
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
