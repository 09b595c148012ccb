package io.equitoken.trading.service.web;

import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.web.input.QueryParams;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * What trading reads from parameters beyond the platform's {@link QueryParams}: ids in a path that
 * are simply absent when malformed, price-history intervals and time ranges that must not be empty.
 */
final class Params {

  static final List<String> INTERVALS = List.of("1m", "5m", "15m", "1h", "4h", "1d");

  private Params() {}

  /** Unknown ids are simply absent: a malformed one is a 404 like any unknown one. */
  static Optional<UUID> uuid(String value) {
    try {
      return Optional.of(UUID.fromString(value));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** A token id in a path or query: 1 to 100 characters, not blank. */
  static String tokenId(String value, String field) {
    return QueryParams.text(value, field, 100);
  }

  /** A price-history bar width, one of {@link #INTERVALS}. */
  static Duration interval(String value) {
    return QueryParams.oneOf(value, "interval", Params::duration, INTERVALS);
  }

  private static Optional<Duration> duration(String value) {
    return Optional.ofNullable(
        switch (value) {
          case "1m" -> Duration.ofMinutes(1);
          case "5m" -> Duration.ofMinutes(5);
          case "15m" -> Duration.ofMinutes(15);
          case "1h" -> Duration.ofHours(1);
          case "4h" -> Duration.ofHours(4);
          case "1d" -> Duration.ofDays(1);
          default -> null;
        });
  }

  /**
   * {@code to} must be after {@code from} (either may be absent): an empty range is as wrong as a
   * reversed one, {@code 400 invalid-range}.
   */
  static void range(Instant from, Instant to) {
    if (from != null && to != null && !to.isAfter(from)) {
      throw Refusal.badRequest("invalid-range", "to must be after from.")
          .withField("from")
          .exception();
    }
  }
}
