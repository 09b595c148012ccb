package io.equitoken.listings.listing;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** An ISO 3166-1 alpha-2 country code, upper-case on the wire (the startup's home country). */
public record Country(String code) {

  private static final Set<String> CODES =
      new TreeSet<>(Locale.getISOCountries(Locale.IsoCountryCode.PART1_ALPHA2));

  public Country {
    if (code == null || !CODES.contains(code)) {
      throw new IllegalArgumentException("Not an ISO 3166-1 alpha-2 code: " + code);
    }
  }

  /** Matches case-insensitively; empty if the value is not an assigned alpha-2 code. */
  public static Optional<Country> parse(String value) {
    String upper = value.trim().toUpperCase(Locale.ROOT);
    return CODES.contains(upper) ? Optional.of(new Country(upper)) : Optional.empty();
  }

  public static List<String> allowed() {
    return List.copyOf(CODES);
  }
}
