package io.equitoken.portfolio.valuation;

import io.equitoken.portfolio.holding.CostBasis;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import reactor.core.publisher.Mono;

/** Answers from the read model: portfolio, movements, valuation history, reconciliation. */
public final class PortfolioQueries {

  /** Points per valuation-history answer at most (also bounds {@code interval=event}). */
  public static final int MAX_POINTS = 1000;

  private final PortfolioReads reads;

  public PortfolioQueries(PortfolioReads reads) {
    this.reads = reads;
  }

  public record Holding(
      String tokenId,
      String startup,
      BigDecimal quantity,
      BigDecimal availableQuantity,
      BigDecimal currentPrice,
      BigDecimal currentValue,
      BigDecimal costBasis,
      BigDecimal averageCost,
      BigDecimal unrealizedPnl) {}

  public record Portfolio(
      String investorId,
      BigDecimal totalValue,
      BigDecimal totalCostBasis,
      BigDecimal totalUnrealizedPnl,
      Instant asOf,
      List<Holding> holdings) {}

  /**
   * The investor's current holdings (quantity above zero), by token id. {@code asOf} is the time of
   * the newest fact the answer reflects (holding change or price), null if there is none.
   */
  public Mono<Portfolio> portfolio(String investorId) {
    return reads
        .holdings(investorId)
        .collectList()
        .map(
            rows -> {
              Instant asOf = null;
              List<Holding> holdings = new ArrayList<>();
              BigDecimal value = BigDecimal.ZERO;
              BigDecimal cost = BigDecimal.ZERO;
              for (PortfolioReads.CurrentHolding row :
                  rows.stream()
                      .sorted(Comparator.comparing(PortfolioReads.CurrentHolding::tokenId))
                      .toList()) {
                asOf = latest(asOf, row.changedAt());
                if (row.quantity().signum() == 0) {
                  continue;
                }
                asOf = latest(asOf, row.priceAt());
                BigDecimal price = row.price() == null ? BigDecimal.ZERO : row.price();
                BigDecimal current = Valuation.value(row.quantity(), price);
                BigDecimal costBasis = CostBasis.normal(row.costBasis());
                holdings.add(
                    new Holding(
                        row.tokenId(),
                        row.startup(),
                        row.quantity(),
                        row.availableQuantity(),
                        price,
                        current,
                        costBasis,
                        CostBasis.average(row.costBasis(), row.quantity()),
                        CostBasis.normal(current.subtract(row.costBasis()))));
                value = value.add(current);
                cost = cost.add(row.costBasis());
              }
              return new Portfolio(
                  investorId,
                  value,
                  CostBasis.normal(cost),
                  CostBasis.normal(value.subtract(cost)),
                  asOf,
                  List.copyOf(holdings));
            });
  }

  /** Valuation points of the investor between {@code from} and {@code to} (both inclusive). */
  public Mono<List<ValuationHistory.Point>> history(
      String investorId, Instant from, Instant to, Interval interval) {
    return reads
        .steps(investorId, to)
        .collectList()
        .flatMap(
            steps -> {
              Set<String> tokens =
                  steps.stream()
                      .map(ValuationHistory.HoldingStep::tokenId)
                      .collect(Collectors.toCollection(TreeSet::new));
              if (tokens.isEmpty()) {
                return Mono.just(List.<ValuationHistory.Point>of());
              }
              return reads
                  .prices(tokens, from, to)
                  .collectList()
                  .map(
                      prices ->
                          ValuationHistory.compute(steps, prices, from, to, interval, MAX_POINTS));
            });
  }

  private static Instant latest(Instant a, Instant b) {
    if (a == null) {
      return b;
    }
    return b == null || a.isAfter(b) ? a : b;
  }
}
