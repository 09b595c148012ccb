package io.equitoken.portfolio.valuation;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.TemporalAdjusters;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Spacing of valuation points: UTC days, ISO weeks (from Monday), calendar months, or one point per
 * change ({@code event}). {@code maxRange} bounds {@code to − from}.
 */
public enum Interval {
  DAY(Duration.ofDays(366)),
  WEEK(Duration.ofDays(5 * 366)),
  MONTH(Duration.ofDays(10 * 366)),
  EVENT(Duration.ofDays(366));

  public final Duration maxRange;

  Interval(Duration maxRange) {
    this.maxRange = maxRange;
  }

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<Interval> parse(String wire) {
    return Arrays.stream(values()).filter(i -> i.wire().equals(wire)).findFirst();
  }

  public static List<String> allowed() {
    return Arrays.stream(values()).map(Interval::wire).toList();
  }

  /** The first interval boundary at or after {@code at} (not for {@link #EVENT}). */
  Instant firstBoundary(Instant at) {
    LocalDate day = at.atZone(ZoneOffset.UTC).toLocalDate();
    LocalDate start =
        switch (this) {
          case DAY -> day;
          case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
          case MONTH -> day.withDayOfMonth(1);
          case EVENT -> throw new IllegalStateException("event has no boundaries");
        };
    Instant boundary = start.atStartOfDay(ZoneOffset.UTC).toInstant();
    return boundary.isBefore(at) ? next(boundary) : boundary;
  }

  Instant next(Instant boundary) {
    var utc = boundary.atZone(ZoneOffset.UTC);
    return switch (this) {
      case DAY -> utc.plusDays(1).toInstant();
      case WEEK -> utc.plusWeeks(1).toInstant();
      case MONTH -> utc.plusMonths(1).toInstant();
      case EVENT -> throw new IllegalStateException("event has no boundaries");
    };
  }
}
