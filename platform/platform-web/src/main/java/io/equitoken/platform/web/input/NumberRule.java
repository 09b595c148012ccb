package io.equitoken.platform.web.input;

import java.math.BigDecimal;

/**
 * The rule every decimal number of a request body obeys: at most {@link #MAX_DIGITS} digits before
 * and after the decimal point. Without it eleven bytes such as {@code 1e999999999} or {@code
 * 1e-999999999} become a value whose plain form has a billion digits: comparing it with a grid,
 * writing it into an error message or into PostgreSQL occupies a core and gigabytes of heap (found
 * by trading-service's {@code InputFuzzIT}).
 */
public final class NumberRule {

  /** Far beyond any amount, price or percentage of the API (PostgreSQL numeric(38, 18) at most). */
  public static final int MAX_DIGITS = 100;

  private NumberRule() {}

  /** Why {@code value} breaks the rule, or null when it does not. */
  public static String violation(BigDecimal value) {
    if (value.scale() > MAX_DIGITS) {
      return "must have at most " + MAX_DIGITS + " digits after the decimal point";
    }
    if ((long) value.precision() - value.scale() > MAX_DIGITS) {
      return "must have at most " + MAX_DIGITS + " digits before the decimal point";
    }
    return null;
  }
}
