package io.equitoken.portfolio.valuation;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.portfolio.valuation.PortfolioReads.CurrentHolding;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import reactor.core.publisher.Flux;

/** A portfolio is worth Σ quantity × price over its holdings, exactly, however many there are. */
class ValuationPropertiesTest {

  record Row(long quantity, BigDecimal price, BigDecimal cost) {}

  @Provide
  Arbitrary<Row> rows() {
    return Combinators.combine(
            Arbitraries.longs().between(0, 10_000_000),
            Arbitraries.bigDecimals()
                .between(new BigDecimal("0.000001"), new BigDecimal("100000"))
                .ofScale(6),
            Arbitraries.bigDecimals().between(BigDecimal.ZERO, new BigDecimal("1e12")).ofScale(8))
        .as(Row::new);
  }

  @Property(tries = 300)
  void shouldValueThePortfolioAtTheSumOfQuantityTimesPrice(
      @ForAll @Size(max = 25) List<@From("rows") Row> rows) {
    // given holdings of many tokens at their current prices
    List<CurrentHolding> holdings = new ArrayList<>();
    BigDecimal expected = BigDecimal.ZERO;
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      holdings.add(
          new CurrentHolding(
              "tok-" + (1000 + i),
              "Startup " + i,
              BigDecimal.valueOf(r.quantity()),
              BigDecimal.valueOf(r.quantity()),
              r.quantity() == 0 ? BigDecimal.ZERO : r.cost(),
              Instant.EPOCH,
              r.price(),
              Instant.EPOCH));
      expected = expected.add(BigDecimal.valueOf(r.quantity()).multiply(r.price()));
    }

    // when the portfolio is valued
    var portfolio = new PortfolioQueries(reads(holdings), "USD").portfolio("inv").block();

    // then each holding is quantity × price and the total their exact sum
    assertThat(portfolio.totalValue()).isEqualByComparingTo(expected);
    for (var holding : portfolio.holdings()) {
      assertThat(holding.currentValue())
          .isEqualByComparingTo(holding.quantity().multiply(holding.currentPrice()));
      assertThat(holding.unrealizedPnl())
          .isEqualByComparingTo(holding.currentValue().subtract(holding.costBasis()));
    }
    assertThat(portfolio.holdings()).allMatch(h -> h.quantity().signum() > 0);
    // and, no cash change seen, the cash is zero in the configured currency
    assertThat(portfolio.cash().balance()).isZero();
    assertThat(portfolio.cash().available()).isZero();
    assertThat(portfolio.cash().currency()).isEqualTo("USD");
    assertThat(portfolio.totalUnrealizedPnl())
        .isEqualByComparingTo(portfolio.totalValue().subtract(portfolio.totalCostBasis()));
  }

  @Property(tries = 200)
  void shouldValueEveryHistoryPointAtTheSumOfItsPositions(
      @ForAll @Size(min = 1, max = 20) List<@From("rows") Row> rows) {
    List<ValuationHistory.HoldingStep> steps = new ArrayList<>();
    List<ValuationHistory.PricePoint> prices = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      Instant at = Instant.parse("2026-01-01T00:00:00Z").plusSeconds(3600L * i);
      steps.add(
          new ValuationHistory.HoldingStep(
              "tok-" + i, 1, BigDecimal.valueOf(rows.get(i).quantity()), BigDecimal.ZERO, at));
      prices.add(new ValuationHistory.PricePoint("tok-" + i, at, rows.get(i).price()));
    }

    var points =
        ValuationHistory.compute(
            steps,
            prices,
            Instant.parse("2025-12-31T00:00:00Z"),
            Instant.parse("2026-01-03T00:00:00Z"),
            Interval.EVENT,
            1000);

    for (var point : points) {
      BigDecimal sum =
          point.holdings().stream()
              .map(p -> p.quantity().multiply(p.price()))
              .reduce(BigDecimal.ZERO, BigDecimal::add);
      assertThat(point.totalValue()).isEqualByComparingTo(sum);
    }
  }

  static PortfolioReads reads(List<CurrentHolding> holdings) {
    return new PortfolioReads() {
      @Override
      public Flux<CurrentHolding> holdings(String ownerId) {
        return Flux.fromIterable(holdings);
      }

      @Override
      public Flux<Movement> movements(MovementFilter filter, MovementKey after, int limit) {
        return Flux.empty();
      }

      @Override
      public Flux<ValuationHistory.HoldingStep> steps(String ownerId, Instant to) {
        return Flux.empty();
      }

      @Override
      public Flux<ValuationHistory.PricePoint> prices(
          Collection<String> tokenIds, Instant from, Instant to) {
        return Flux.empty();
      }

      @Override
      public Flux<TokenBalance> balances() {
        return Flux.empty();
      }

      @Override
      public reactor.core.publisher.Mono<CashAccount> cashAccount(String ownerId) {
        return reactor.core.publisher.Mono.empty();
      }

      @Override
      public Flux<ValuationHistory.CashStep> cashSteps(String ownerId, Instant to) {
        return Flux.empty();
      }

      @Override
      public Flux<CashTotals> cashTotals() {
        return Flux.empty();
      }

      @Override
      public Flux<CashGap> cashGaps() {
        return Flux.empty();
      }
    };
  }
}
