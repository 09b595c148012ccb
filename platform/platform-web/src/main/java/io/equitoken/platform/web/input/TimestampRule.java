package io.equitoken.platform.web.input;

import java.time.Instant;

/**
 * The rule every timestamp of the API obeys, whatever carries it (JSON body, query parameter,
 * cursor): within what PostgreSQL {@code timestamptz} holds, years 1 to 9999. {@code
 * +999999999-12-31T23:59:59Z} parses as an {@code Instant} but cannot be bound (a 500 before this
 * rule: compliance's review cursor, trading's window filters).
 */
public final class TimestampRule {

  public static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
  public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999Z");

  private TimestampRule() {}

  /** Why {@code value} breaks the rule, or null when it does not. */
  public static String violation(Instant value) {
    if (value.isBefore(EARLIEST) || value.isAfter(LATEST)) {
      return "must lie in the years 1 to 9999";
    }
    return null;
  }
}
