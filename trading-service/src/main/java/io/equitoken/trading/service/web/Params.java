package io.equitoken.trading.service.web;

import io.equitoken.platform.web.ProblemException;
import io.equitoken.platform.web.input.TimestampRule;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;

/** Query and path parameters into values, or a 400 naming the parameter. */
final class Params {

  private Params() {}

  static Instant instant(String value, String field) {
    if (value == null) {
      return null;
    }
    try {
      Instant instant = Instant.parse(value);
      // +999999999-12-31T23:59:59Z parses but PostgreSQL cannot hold it (a 500 before)
      if (TimestampRule.violation(instant) != null) {
        throw bad(field, field + " " + TimestampRule.violation(instant));
      }
      return instant;
    } catch (DateTimeParseException e) {
      throw bad(field, field + " must be an ISO 8601 UTC timestamp, e.g. 2026-11-22T10:00:00Z");
    }
  }

  /** Unknown ids are simply absent: a malformed one is a 404 like any unknown one. */
  static Optional<UUID> uuid(String value) {
    try {
      return Optional.of(UUID.fromString(value));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  static String tokenId(String value, String field) {
    if (value == null) {
      return null;
    }
    if (value.isBlank() || value.length() > 100) {
      throw bad(field, field + " must be a token id of 1 to 100 characters");
    }
    return value;
  }

  static <T> T oneOf(
      String value, String field, Function<String, Optional<T>> parse, Supplier<List<String>> ok) {
    if (value == null) {
      return null;
    }
    return parse
        .apply(value)
        .orElseThrow(
            () ->
                bad(field, field + " must be one of " + String.join(", ", ok.get()))
                    .with("allowed", ok.get()));
  }

  static final List<String> INTERVALS = List.of("1m", "5m", "15m", "1h", "4h", "1d");

  static Duration interval(String value) {
    if (value == null) {
      return null;
    }
    return switch (value) {
      case "1m" -> Duration.ofMinutes(1);
      case "5m" -> Duration.ofMinutes(5);
      case "15m" -> Duration.ofMinutes(15);
      case "1h" -> Duration.ofHours(1);
      case "4h" -> Duration.ofHours(4);
      case "1d" -> Duration.ofDays(1);
      default ->
          throw bad("interval", "interval must be one of " + String.join(", ", INTERVALS))
              .with("allowed", INTERVALS);
    };
  }

  static void range(Instant from, Instant to) {
    if (from != null && to != null && !to.isAfter(from)) {
      throw bad("to", "to must be after from");
    }
  }

  static ProblemException bad(String field, String detail) {
    return ProblemException.badRequest("invalid-parameter", detail).with("field", field);
  }
}
