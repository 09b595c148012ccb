package io.equitoken.portfolio.valuation;

import io.equitoken.portfolio.holding.CostBasis;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import reactor.core.publisher.Mono;

/** Answers from the read model: portfolio, movements, valuation history, reconciliation. */
public final class PortfolioQueries {

  /** Points per valuation-history answer at most (also bounds {@code interval=event}). */
  public static final int MAX_POINTS = 1000;

  private final PortfolioReads reads;
  private final String defaultCurrency;

  /**
   * {@code defaultCurrency}: the currency shown for an account no cash change was seen for yet (the
   * platform's settlement currency, ISO 4217).
   */
  public PortfolioQueries(PortfolioReads reads, String defaultCurrency) {
    if (defaultCurrency == null || !defaultCurrency.matches("[A-Z]{3}")) {
      throw new IllegalArgumentException(
          "equitoken.portfolio.default-currency must be an ISO 4217 code such as USD, not "
              + defaultCurrency);
    }
    this.reads = reads;
    this.defaultCurrency = defaultCurrency;
  }

  /** The owner's cash account: zero in the default currency until a cash change arrives. */
  public record Cash(
      BigDecimal balance, BigDecimal reserved, BigDecimal available, String currency) {}

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
      List<Holding> holdings,
      Cash cash) {}

  /**
   * The investor's current holdings (quantity above zero), by token id. {@code asOf} is the time of
   * the newest fact the answer reflects (holding change or price), null if there is none.
   */
  public Mono<Portfolio> portfolio(String investorId) {
    Mono<Optional<PortfolioReads.CashAccount>> account =
        reads.cashAccount(investorId).map(Optional::of).defaultIfEmpty(Optional.empty());
    return reads
        .holdings(investorId)
        .collectList()
        .zipWith(account)
        .map(
            t -> {
              List<PortfolioReads.CurrentHolding> rows = t.getT1();
              Cash cash =
                  t.getT2()
                      .map(a -> new Cash(a.balance(), a.reserved(), a.available(), a.currency()))
                      .orElse(
                          new Cash(
                              BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO, defaultCurrency));
              Instant asOf = t.getT2().map(PortfolioReads.CashAccount::updatedAt).orElse(null);
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
                  List.copyOf(holdings),
                  cash);
            });
  }

  /** Valuation points of the investor between {@code from} and {@code to} (both inclusive). */
  public Mono<List<ValuationHistory.Point>> history(
      String investorId, Instant from, Instant to, Interval interval) {
    return history(investorId, from, to, interval, false);
  }

  /** As above; with {@code includeCash} each point also has the cash balance at its instant. */
  public Mono<List<ValuationHistory.Point>> history(
      String investorId, Instant from, Instant to, Interval interval, boolean includeCash) {
    Mono<Optional<List<ValuationHistory.CashStep>>> cash =
        includeCash
            ? reads.cashSteps(investorId, to).collectList().map(Optional::of)
            : Mono.just(Optional.empty());
    return reads
        .steps(investorId, to)
        .collectList()
        .zipWith(cash)
        .flatMap(
            t -> {
              List<ValuationHistory.HoldingStep> steps = t.getT1();
              List<ValuationHistory.CashStep> cashSteps = t.getT2().orElse(null);
              Set<String> tokens =
                  steps.stream()
                      .map(ValuationHistory.HoldingStep::tokenId)
                      .collect(Collectors.toCollection(TreeSet::new));
              if (tokens.isEmpty() && (cashSteps == null || cashSteps.isEmpty())) {
                return Mono.just(List.<ValuationHistory.Point>of());
              }
              Mono<List<ValuationHistory.PricePoint>> prices =
                  tokens.isEmpty()
                      ? Mono.just(List.of())
                      : reads.prices(tokens, from, to).collectList();
              return prices.map(
                  p ->
                      ValuationHistory.compute(
                          steps, p, cashSteps, from, to, interval, MAX_POINTS));
            });
  }

  private static Instant latest(Instant a, Instant b) {
    if (a == null) {
      return b;
    }
    return b == null || a.isAfter(b) ? a : b;
  }
}
