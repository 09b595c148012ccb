package io.equitoken.platform.web.input;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Query (and path) parameters into values, refusing with one code per kind of mistake: a value that
 * is not of its type or not one of its values is {@code 400 invalid-parameter} with {@code field}
 * naming the parameter (and {@code allowed} for a closed set), {@code from} after {@code to} is
 * {@code 400 invalid-range}, a page size outside 1..max is {@code 400 invalid-limit}. An absent
 * parameter ({@code null}) is {@code null} everywhere (the caller chooses the default). Cursors are
 * {@link CursorPage}'s.
 */
public final class QueryParams {

  public static final int DEFAULT_LIMIT = 20;
  public static final int MAX_LIMIT = 100;

  /** Longer numbers are no one's page size or amount; refusing them bounds the parsing work. */
  private static final int MAX_NUMBER_LENGTH = 64;

  private static final Pattern UUID_TEXT =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
  private static final Pattern INTEGER_TEXT = Pattern.compile("[+-]?[0-9]{1,18}");
  private static final Pattern DECIMAL_TEXT = Pattern.compile("[+-]?[0-9]+(\\.[0-9]+)?");

  private QueryParams() {}

  /** A UUID in its canonical 8-4-4-4-12 hexadecimal form. */
  public static UUID uuid(String value, String name) {
    if (value == null) {
      return null;
    }
    if (!UUID_TEXT.matcher(value).matches()) {
      throw invalid(name, name + " must be a UUID such as 0b6f4a4e-5c1d-4f8e-9a7b-2c3d4e5f6a7b.");
    }
    return UUID.fromString(value);
  }

  /** A text such as an id: not blank and at most {@code maxLength} characters. */
  public static String text(String value, String name, int maxLength) {
    if (value == null) {
      return null;
    }
    if (value.isBlank() || value.length() > maxLength) {
      throw invalid(name, name + " must be 1 to " + maxLength + " characters, not blank.");
    }
    return value;
  }

  /**
   * An ISO 8601 UTC instant such as {@code 2026-11-20T10:00:00Z}, within what PostgreSQL holds
   * ({@link TimestampRule}).
   */
  public static Instant instant(String value, String name) {
    if (value == null) {
      return null;
    }
    Instant instant;
    try {
      instant = Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw invalid(
          name, name + " must be an ISO 8601 UTC timestamp such as 2026-11-20T10:00:00Z.");
    }
    String violation = TimestampRule.violation(instant);
    if (violation != null) {
      throw invalid(name, name + " " + violation + ".");
    }
    return instant;
  }

  /** One of a closed set of values; the refusal lists them in {@code allowed}. */
  public static <T> T oneOf(
      String value, String name, Function<String, Optional<T>> parse, List<String> allowed) {
    if (value == null) {
      return null;
    }
    return parse
        .apply(value)
        .orElseThrow(
            () ->
                Refusal.badRequest(
                        "invalid-parameter",
                        name + " must be one of " + String.join(", ", allowed) + ".")
                    .withField(name)
                    .with("allowed", allowed)
                    .exception());
  }

  /** One of the given values exactly as written. */
  public static String oneOf(String value, String name, List<String> allowed) {
    return oneOf(
        value, name, v -> allowed.contains(v) ? Optional.of(v) : Optional.empty(), allowed);
  }

  /** {@code true} or {@code false}, nothing else. */
  public static Boolean bool(String value, String name) {
    String text = oneOf(value, name, List.of("true", "false"));
    return text == null ? null : Boolean.valueOf(text);
  }

  /** A whole number within {@code min..max}. */
  public static Long integer(String value, String name, long min, long max) {
    if (value == null) {
      return null;
    }
    if (!INTEGER_TEXT.matcher(value).matches()) {
      throw invalid(name, name + " must be a whole number from " + min + " to " + max + ".");
    }
    long number = Long.parseLong(value);
    if (number < min || number > max) {
      throw invalid(name, name + " must be a whole number from " + min + " to " + max + ".");
    }
    return number;
  }

  /** A plain decimal number ({@code 12.50}; no exponent, at most 64 characters). */
  public static BigDecimal decimal(String value, String name) {
    if (value == null) {
      return null;
    }
    if (value.length() > MAX_NUMBER_LENGTH || !DECIMAL_TEXT.matcher(value).matches()) {
      throw invalid(name, name + " must be a decimal number such as 12.50.");
    }
    return new BigDecimal(value);
  }

  /** {@code from} must not be after {@code to} (either may be absent). */
  public static void ordered(Instant from, Instant to) {
    if (from != null && to != null && from.isAfter(to)) {
      throw Refusal.badRequest("invalid-range", "from must not be after to.")
          .withField("from")
          .exception();
    }
  }

  /**
   * {@code limit}: absent is {@value #DEFAULT_LIMIT}, else a whole number 1..{@value #MAX_LIMIT}.
   */
  public static int limit(String value) {
    return limit(value, DEFAULT_LIMIT, MAX_LIMIT);
  }

  /** {@code limit}: absent is {@code defaultLimit}, else a whole number {@code 1..max}. */
  public static int limit(String value, int defaultLimit, int max) {
    if (value == null) {
      return defaultLimit;
    }
    if (!INTEGER_TEXT.matcher(value).matches()) {
      throw invalidLimit(max);
    }
    long requested = Long.parseLong(value);
    if (requested < 1 || requested > max) {
      throw invalidLimit(max);
    }
    return (int) requested;
  }

  static RefusedException invalidLimit(int max) {
    return Refusal.badRequest(
            "invalid-limit", "limit must be a whole number from 1 to " + max + ".")
        .withField("limit")
        .exception();
  }

  /** The refusal of a parameter that is not of its type: {@code 400 invalid-parameter}. */
  public static RefusedException invalid(String name, String detail) {
    return Refusal.badRequest("invalid-parameter", detail).withField(name).exception();
  }
}
