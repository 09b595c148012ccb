package io.equitoken.listings.token;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * An International Securities Identification Number (ISO 6166): two letters, nine alphanumerics and
 * a check digit computed with the Luhn algorithm over the code with letters converted to numbers (A
 * = 10 … Z = 35).
 */
public record Isin(String value) {

  private static final Pattern FORMAT = Pattern.compile("[A-Z]{2}[A-Z0-9]{9}[0-9]");

  public Isin {
    Problem problem = check(value);
    if (problem != Problem.NONE) {
      throw new IllegalArgumentException(problem.message + ": " + value);
    }
  }

  /** What, if anything, is wrong with a candidate ISIN. */
  public enum Problem {
    NONE(""),
    FORMAT("must be 2 letters, 9 letters or digits and 1 check digit (12 characters)"),
    CHECK_DIGIT("has a wrong check digit");

    public final String message;

    Problem(String message) {
      this.message = message;
    }
  }

  public static Problem check(String candidate) {
    if (candidate == null || !FORMAT.matcher(candidate).matches()) {
      return Problem.FORMAT;
    }
    int expected = checkDigit(candidate.substring(0, 11));
    return expected == candidate.charAt(11) - '0' ? Problem.NONE : Problem.CHECK_DIGIT;
  }

  /** Accepts lower-case input, as clients often type it; the stored form is upper-case. */
  public static String canonical(String candidate) {
    return candidate == null ? null : candidate.trim().toUpperCase(Locale.ROOT);
  }

  /** The check digit of the first eleven characters of an ISIN. */
  public static int checkDigit(String firstEleven) {
    StringBuilder digits = new StringBuilder();
    for (char c : firstEleven.toCharArray()) {
      digits.append(Character.isDigit(c) ? String.valueOf(c - '0') : String.valueOf(c - 'A' + 10));
    }
    int sum = 0;
    boolean doubleIt = true; // the right-most digit is doubled, since the check digit follows it
    for (int i = digits.length() - 1; i >= 0; i--) {
      int d = digits.charAt(i) - '0';
      if (doubleIt) {
        d *= 2;
        if (d > 9) {
          d -= 9;
        }
      }
      sum += d;
      doubleIt = !doubleIt;
    }
    return (10 - sum % 10) % 10;
  }
}
