package io.equitoken.trading.matcher.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
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

  /** One MD5 digest per thread: looking one up per event cost more than the digest itself. */
  private static final ThreadLocal<MessageDigest> MD5 =
      ThreadLocal.withInitial(
          () -> {
            try {
              return MessageDigest.getInstance("MD5");
            } catch (NoSuchAlgorithmException e) {
              throw new IllegalStateException("MD5 is required of every Java platform", e);
            }
          });

  /**
   * The id of the {@code index}-th event (from 0) a command causes: the same in every replay. It is
   * {@link UUID#nameUUIDFromBytes} of {@code event|<commandId>|<index>} (a version 3 UUID), with
   * the digest reused.
   */
  public static String idOf(String commandId, int index) {
    MessageDigest md5 = MD5.get();
    byte[] hash = md5.digest(("event|" + commandId + "|" + index).getBytes(StandardCharsets.UTF_8));
    hash[6] = (byte) ((hash[6] & 0x0f) | 0x30); // version 3
    hash[8] = (byte) ((hash[8] & 0x3f) | 0x80); // IETF variant
    return new UUID(longAt(hash, 0), longAt(hash, 8)).toString();
  }

  private static long longAt(byte[] b, int from) {
    long value = 0;
    for (int i = from; i < from + 8; i++) {
      value = (value << 8) | (b[i] & 0xff);
    }
    return value;
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
