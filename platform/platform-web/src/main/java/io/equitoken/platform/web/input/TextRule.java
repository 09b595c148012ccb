package io.equitoken.platform.web.input;

import io.equitoken.platform.web.problem.ProblemException;

/**
 * The one rule every text input of the API obeys, whatever carries it (JSON body, query parameter,
 * decoded cursor): no NUL and no other C0 control character — except line feed, carriage return and
 * tab where a field may hold several lines (JSON string values) — and well-formed UTF-16, i.e. no
 * lone surrogate. PostgreSQL refuses NUL in {@code text} (a 500 before this rule) and stores a lone
 * surrogate as {@code ?}; neither can ever be meaningful input.
 */
public final class TextRule {

  private TextRule() {}

  /** Why {@code value} breaks the rule, or null when it does not. */
  public static String violation(CharSequence value, boolean multiline) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 0x20) {
        if (multiline && (c == '\n' || c == '\r' || c == '\t')) {
          continue;
        }
        return c == 0 ? "must not contain NUL" : "must not contain control characters";
      }
      if (Character.isHighSurrogate(c)) {
        if (i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
          i++;
          continue;
        }
        return "must be well-formed Unicode (lone surrogate)";
      }
      if (Character.isLowSurrogate(c)) {
        return "must be well-formed Unicode (lone surrogate)";
      }
    }
    return null;
  }

  /** Answers a 400 problem naming {@code field} when a single-line value breaks the rule. */
  public static String requireSingleLine(String field, String value) {
    return require(field, value, false);
  }

  public static String require(String field, String value, boolean multiline) {
    if (value == null) {
      return null;
    }
    String violation = violation(value, multiline);
    if (violation != null) {
      throw ProblemException.badRequest("invalid-text", field + " " + violation + ".")
          .with("field", field);
    }
    return value;
  }
}
