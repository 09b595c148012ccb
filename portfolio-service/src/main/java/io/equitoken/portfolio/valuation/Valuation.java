package io.equitoken.portfolio.valuation;

import java.math.BigDecimal;
import java.util.List;

/**
 * The valuation rule: a position is worth quantity × price, exactly (no rounding), and a portfolio
 * the sum of its positions.
 */
public final class Valuation {

  private Valuation() {}

  public static BigDecimal value(BigDecimal quantity, BigDecimal price) {
    return quantity.multiply(price);
  }

  public static BigDecimal total(List<Position> positions) {
    return positions.stream().map(Position::value).reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  /** One token in a valuation: how many, at what price, worth what. */
  public record Position(String tokenId, BigDecimal quantity, BigDecimal price, BigDecimal value) {

    public static Position of(String tokenId, BigDecimal quantity, BigDecimal price) {
      return new Position(tokenId, quantity, price, Valuation.value(quantity, price));
    }
  }
}
