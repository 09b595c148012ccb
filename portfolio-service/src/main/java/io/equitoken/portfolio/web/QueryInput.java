package io.equitoken.portfolio.web;

import io.equitoken.platform.web.ProblemException;
import io.equitoken.platform.web.input.TimestampRule;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Turns query parameters into values, or a 400 problem naming the parameter. */
final class QueryInput {

  static final int MAX_TOKEN_ID_LENGTH = 200;

  private QueryInput() {}

  /** An ISO 8601 UTC instant such as {@code 2026-11-20T10:00:00Z}. */
  static Instant instant(String value, String field) {
    if (value == null) {
      return null;
    }
    try {
      Instant instant = Instant.parse(value);
      // +999999999-12-31T23:59:59Z parses but PostgreSQL cannot hold it
      if (TimestampRule.violation(instant) != null) {
        throw ProblemException.badRequest(
                "invalid-timestamp", field + " " + TimestampRule.violation(instant) + ".")
            .with("field", field);
      }
      return instant;
    } catch (DateTimeParseException e) {
      throw ProblemException.badRequest(
              "invalid-timestamp",
              field
                  + " '"
                  + value
                  + "' is not an ISO 8601 UTC timestamp such as"
                  + " 2026-11-20T10:00:00Z.")
          .with("field", field);
    }
  }

  static String tokenId(String value) {
    if (value != null && (value.isBlank() || value.length() > MAX_TOKEN_ID_LENGTH)) {
      throw ProblemException.badRequest(
              "invalid-token-id",
              "tokenId must be a token id of 1 to " + MAX_TOKEN_ID_LENGTH + " characters.")
          .with("field", "tokenId");
    }
    return value;
  }

  static <T> T oneOf(
      String value, String field, Function<String, Optional<T>> parser, List<String> allowed) {
    if (value == null) {
      return null;
    }
    return parser
        .apply(value)
        .orElseThrow(
            () ->
                ProblemException.badRequest(
                        "invalid-value",
                        field
                            + " '"
                            + value
                            + "' is not one of the allowed values: "
                            + String.join(", ", allowed))
                    .with("field", field)
                    .with("allowed", allowed));
  }

  /** {@code from} must not be after {@code to}. */
  static void ordered(Instant from, Instant to) {
    if (from != null && to != null && from.isAfter(to)) {
      throw ProblemException.badRequest("invalid-range", "from must not be after to.")
          .with("field", "from");
    }
  }
}
