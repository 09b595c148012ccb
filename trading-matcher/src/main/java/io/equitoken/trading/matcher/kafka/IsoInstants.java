package io.equitoken.trading.matcher.kafka;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * {@link Instant#parse} with a fast path for the form the platform writes ({@code
 * 2026-11-27T14:00:00Z}, {@code 2026-11-27T14:00:00.250Z}: a four-digit year, UTC, up to nine
 * fraction digits), which skips the general formatter. Anything else goes to {@link Instant#parse},
 * so the result and the exceptions are always exactly its own.
 */
final class IsoInstants {

  private IsoInstants() {}

  static Instant parse(String text) {
    Instant fast = fast(text);
    return fast != null ? fast : Instant.parse(text);
  }

  /** The instant, or null if {@code text} is not of the fast form or not a valid date and time. */
  static Instant fast(String text) {
    int n = text.length();
    if (n < 20
        || n > 30
        || n == 21
        || text.charAt(n - 1) != 'Z'
        || text.charAt(4) != '-'
        || text.charAt(7) != '-'
        || text.charAt(10) != 'T'
        || text.charAt(13) != ':'
        || text.charAt(16) != ':') {
      return null;
    }
    int year = digits(text, 0, 4);
    int month = digits(text, 5, 2);
    int day = digits(text, 8, 2);
    int hour = digits(text, 11, 2);
    int minute = digits(text, 14, 2);
    int second = digits(text, 17, 2);
    if ((year | month | day | hour | minute | second) < 0
        || hour > 23
        || minute > 59
        || second > 59) {
      return null;
    }
    int nanos = 0;
    if (n > 20) {
      if (text.charAt(19) != '.') {
        return null;
      }
      int fraction = n - 21;
      nanos = digits(text, 20, fraction);
      if (nanos < 0) {
        return null;
      }
      for (int i = fraction; i < 9; i++) {
        nanos *= 10;
      }
    }
    long epochDay;
    try {
      epochDay = LocalDate.of(year, month, day).toEpochDay();
    } catch (DateTimeException e) {
      return null;
    }
    return Instant.ofEpochSecond(epochDay * 86_400 + hour * 3_600 + minute * 60 + second, nanos);
  }

  /** The decimal value of {@code length} ASCII digits from {@code from}, or -1. */
  private static int digits(String text, int from, int length) {
    int value = 0;
    for (int i = from; i < from + length; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }
}
