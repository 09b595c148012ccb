package io.equitoken.portfolio.holding;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * The average-cost basis after any sequence of buys and sells matches an oracle that keeps the cost
 * as an exact fraction: every sale takes its share at the exact average cost. The service rounds
 * each sale's share to 8 decimals, so it may differ by at most half a unit in the 8th decimal per
 * sale.
 */
class CostBasisPropertiesTest {

  /** A buy (quantity > 0, with its price) or a sell (quantity < 0, a share of the holding). */
  record Step(long quantity, BigDecimal price, int sellPercent) {}

  @Provide
  Arbitrary<Step> steps() {
    Arbitrary<Step> buys =
        Combinators.combine(
                Arbitraries.longs().between(1, 1_000_000),
                Arbitraries.bigDecimals()
                    .between(new BigDecimal("0.0001"), new BigDecimal("10000"))
                    .ofScale(4))
            .as((q, p) -> new Step(q, p, 0));
    Arbitrary<Step> sells = Arbitraries.integers().between(1, 100).map(p -> new Step(-1, null, p));
    return Arbitraries.oneOf(buys, sells);
  }

  @Property(tries = 300)
  void shouldMatchTheAverageCostOracleAfterAnyBuyAndSellSequence(
      @ForAll @Size(max = 40) List<@From("steps") Step> steps) {
    BigDecimal cost = BigDecimal.ZERO;
    long quantity = 0;
    Fraction oracle = Fraction.ZERO;
    int sells = 0;
    long sequence = 0;
    for (Step step : steps) {
      long delta;
      if (step.quantity() > 0) {
        delta = step.quantity();
        oracle = oracle.plus(Fraction.of(step.price().multiply(BigDecimal.valueOf(delta))));
      } else {
        delta = -(quantity * step.sellPercent() / 100);
        if (delta == 0) {
          continue;
        }
        // the oracle: cost × (remaining / before), exact
        oracle = oracle.times(quantity + delta, quantity);
        sells++;
      }
      quantity += delta;
      cost = CostBasis.after(cost, change(++sequence, quantity, delta, step.price()));
    }

    BigDecimal tolerance = new BigDecimal("0.000000005").multiply(BigDecimal.valueOf(sells));
    assertThat(cost.subtract(oracle.toBigDecimal()).abs()).isLessThanOrEqualTo(tolerance);
    if (quantity == 0) {
      assertThat(cost).isEqualByComparingTo("0");
    }
    assertThat(cost.signum()).isGreaterThanOrEqualTo(0);
  }

  @Property(tries = 200)
  void shouldLeaveTheAverageCostUnchangedBySelling(
      @ForAll("buyPrices") BigDecimal price, @ForAll("percent") int percent) {
    // given 1000 tokens bought at one price
    BigDecimal cost = CostBasis.after(BigDecimal.ZERO, change(1, 1000, 1000, price));

    // when some are sold
    long sold = 1000L * percent / 100;
    BigDecimal after =
        CostBasis.after(cost, change(2, 1000 - sold, -sold, price.add(BigDecimal.ONE)));

    // then what remains still costs the buying price each
    if (sold < 1000) {
      assertThat(CostBasis.average(after, BigDecimal.valueOf(1000 - sold)))
          .isEqualByComparingTo(price);
    }
  }

  @Provide
  Arbitrary<BigDecimal> buyPrices() {
    return Arbitraries.bigDecimals()
        .between(new BigDecimal("0.01"), new BigDecimal("1000"))
        .ofScale(2);
  }

  @Provide
  Arbitrary<Integer> percent() {
    return Arbitraries.integers().between(1, 99);
  }

  private static HoldingChange change(long sequence, long quantity, long delta, BigDecimal price) {
    Reason reason = delta > 0 ? Reason.TRADE_BUY : Reason.TRADE_SELL;
    return new HoldingChange(
        "inv",
        "tok",
        sequence,
        BigDecimal.valueOf(quantity),
        BigDecimal.valueOf(quantity),
        BigDecimal.valueOf(delta),
        reason,
        price == null ? BigDecimal.ONE : price,
        "t",
        "o",
        null,
        "w",
        Instant.EPOCH);
  }

  /** An exact non-negative rational number. */
  record Fraction(BigInteger numerator, BigInteger denominator) {
    static final Fraction ZERO = new Fraction(BigInteger.ZERO, BigInteger.ONE);

    static Fraction of(BigDecimal value) {
      return new Fraction(value.unscaledValue(), BigInteger.TEN.pow(value.scale()));
    }

    Fraction plus(Fraction other) {
      return new Fraction(
          numerator.multiply(other.denominator).add(other.numerator.multiply(denominator)),
          denominator.multiply(other.denominator));
    }

    Fraction times(long multiplier, long divisor) {
      return new Fraction(
          numerator.multiply(BigInteger.valueOf(multiplier)),
          denominator.multiply(BigInteger.valueOf(divisor)));
    }

    BigDecimal toBigDecimal() {
      return new BigDecimal(numerator)
          .divide(new BigDecimal(denominator), 20, RoundingMode.HALF_EVEN);
    }
  }
}
