package io.equitoken.platform.events;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.UUID;

/**
 * UUIDs whose first 48 bits are a time in milliseconds since the epoch (RFC 9562), so that ids made
 * one after another sort one after another, as UUIDs and as their text. Event ids and row ids are
 * the keys of unique indexes that only grow (a consumer's processed events, the outbox, orders,
 * ledger entries): a random id lands on a random page of such an index, which on a table larger
 * than the database's buffers means a page read, a dirtied page written back and a full-page image
 * in the write-ahead log per row; a time-ordered id lands on the few pages at the index's right
 * edge. Framework-free, so the matcher's plain Kafka loop uses it too.
 */
public final class TimeOrderedIds {

  private static final SecureRandom RANDOM = new SecureRandom();

  /** One MD5 digest per thread: looking one up per id cost more than the digest itself. */
  private static final ThreadLocal<MessageDigest> MD5 =
      ThreadLocal.withInitial(
          () -> {
            try {
              return MessageDigest.getInstance("MD5");
            } catch (NoSuchAlgorithmException e) {
              throw new IllegalStateException("MD5 is required of every Java platform", e);
            }
          });

  private static final long MILLIS = 0xffff_ffff_ffffL;

  private TimeOrderedIds() {}

  /**
   * A fresh version 7 UUID: this millisecond, then 74 random bits, as {@link UUID#randomUUID}'s.
   */
  public static UUID next() {
    return next(System.currentTimeMillis());
  }

  /** A fresh version 7 UUID of the given millisecond. */
  public static UUID next(long epochMillis) {
    byte[] random = new byte[10];
    RANDOM.nextBytes(random);
    return of(epochMillis, 0x7, random);
  }

  /**
   * A version 8 UUID of a time and a name: the same for the same pair whoever computes it and
   * however often, ordered by the time; the 74 bits after the time are the name's MD5 digest.
   */
  public static UUID named(long epochMillis, String name) {
    byte[] digest = MD5.get().digest(name.getBytes(StandardCharsets.UTF_8));
    return of(epochMillis, 0x8, digest);
  }

  /** The millisecond an id of this class carries. */
  public static long epochMillis(UUID id) {
    return id.getMostSignificantBits() >>> 16;
  }

  private static UUID of(long epochMillis, int version, byte[] bits) {
    if (epochMillis < 0 || epochMillis > MILLIS) {
      throw new IllegalArgumentException("not a time a UUID can carry: " + epochMillis);
    }
    long msb =
        (epochMillis << 16) | ((long) version << 12) | ((bits[0] & 0x0fL) << 8) | bits[1] & 0xff;
    long lsb = 0x8000_0000_0000_0000L | (bits[2] & 0x3fL) << 56;
    for (int i = 3; i < 10; i++) {
      lsb |= (bits[i] & 0xffL) << (8 * (9 - i));
    }
    return new UUID(msb, lsb);
  }
}
