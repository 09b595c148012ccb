package io.equitoken.trading.engine;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * A token's grid: the tick size of its prices and the lot size of its quantities, and the issue
 * price that serves as auction reference before the first trade. Converts decimals to the engine's
 * integers at the edge; input off the grid is rejected, never rounded.
 */
public record TokenSpec(BigDecimal tickSize, BigDecimal lotSize, BigDecimal issuePrice) {

  public TokenSpec {
    Objects.requireNonNull(tickSize, "tickSize");
    Objects.requireNonNull(lotSize, "lotSize");
    Objects.requireNonNull(issuePrice, "issuePrice");
    if (tickSize.signum() <= 0 || lotSize.signum() <= 0) {
      throw new IllegalArgumentException("Expected positive tick and lot sizes");
    }
  }

  /** The issue price in ticks; it must itself lie on the grid. */
  public long issuePriceTicks() {
    return toTicks(issuePrice);
  }

  public long toTicks(BigDecimal price) {
    return toUnits(
        price, tickSize, "price", "tick size", ReasonCode.INPUT_OFF_TICK, Limits.MAX_PRICE_TICKS);
  }

  public long toLots(BigDecimal quantity) {
    return toUnits(
        quantity, lotSize, "quantity", "lot size", ReasonCode.INPUT_OFF_LOT, Limits.MAX_ORDER_LOTS);
  }

  public BigDecimal price(long ticks) {
    return tickSize.multiply(BigDecimal.valueOf(ticks));
  }

  public BigDecimal quantity(long lots) {
    return lotSize.multiply(BigDecimal.valueOf(lots));
  }

  private static long toUnits(
      BigDecimal value,
      BigDecimal unit,
      String what,
      String unitName,
      ReasonCode offGrid,
      long max) {
    Objects.requireNonNull(value, what);
    BigDecimal[] qr = value.divideAndRemainder(unit);
    if (qr[1].signum() != 0) {
      throw new OffGridInputException(
          offGrid,
          "Expected "
              + what
              + " "
              + value.toPlainString()
              + " to be a multiple of the "
              + unitName
              + " "
              + unit.toPlainString()
              + ", but it is not");
    }
    BigDecimal units = qr[0];
    if (units.signum() <= 0 || units.compareTo(BigDecimal.valueOf(max)) > 0) {
      throw new OffGridInputException(
          ReasonCode.INPUT_OUT_OF_RANGE,
          "Expected "
              + what
              + " between 1 and "
              + max
              + " "
              + unitName
              + "s, but "
              + value.toPlainString()
              + " is "
              + units.toPlainString());
    }
    return units.longValueExact();
  }

  /** Decimal input the engine cannot represent exactly; carries a stable reason code. */
  public static final class OffGridInputException extends IllegalArgumentException {
    private final transient ReasonCode code;

    public OffGridInputException(ReasonCode code, String message) {
      super(message);
      this.code = code;
    }

    public ReasonCode code() {
      return code;
    }
  }
}
