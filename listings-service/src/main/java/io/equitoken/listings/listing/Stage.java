package io.equitoken.listings.listing;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The funding stage of the startup behind a listing; values are lower-case on the wire. */
public enum Stage {
  PRE_SEED,
  SEED,
  SERIES_A,
  SERIES_B,
  GROWTH;

  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Matches case-insensitively; empty if the value is not one of the set. */
  public static Optional<Stage> parse(String value) {
    return Arrays.stream(values())
        .filter(s -> s.value().equalsIgnoreCase(value.trim()))
        .findFirst();
  }

  public static List<String> allowed() {
    return Arrays.stream(values()).map(Stage::value).toList();
  }
}
