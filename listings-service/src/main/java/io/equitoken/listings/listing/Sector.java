package io.equitoken.listings.listing;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The documented set of sectors a listing belongs to; values are lower-case on the wire. */
public enum Sector {
  AI,
  BIOTECH,
  CLIMATE,
  CONSUMER,
  CYBERSECURITY,
  DEEPTECH,
  EDTECH,
  FINTECH,
  HEALTHTECH,
  MOBILITY,
  PROPTECH,
  SAAS;

  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Matches case-insensitively; empty if the value is not one of the set. */
  public static Optional<Sector> parse(String value) {
    return Arrays.stream(values())
        .filter(s -> s.value().equalsIgnoreCase(value.trim()))
        .findFirst();
  }

  public static List<String> allowed() {
    return Arrays.stream(values()).map(Sector::value).toList();
  }
}
