package io.equitoken.portfolio.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.portfolio.holding.CostBasis;
import io.equitoken.portfolio.holding.TransactionType;
import io.equitoken.portfolio.valuation.Interval;
import io.equitoken.portfolio.valuation.PortfolioQueries;
import io.equitoken.portfolio.valuation.PortfolioReads;
import io.equitoken.portfolio.valuation.Reconciliation;
import io.equitoken.portfolio.valuation.Valuation;
import io.equitoken.portfolio.valuation.ValuationHistory;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** What the API answers: the spec's fields exactly, plus the documented additions. */
final class PortfolioResponses {

  private PortfolioResponses() {}

  record HoldingView(
      String tokenId,
      String startup,
      BigDecimal quantity,
      BigDecimal currentPrice,
      BigDecimal currentValue,
      BigDecimal availableQuantity,
      BigDecimal costBasis,
      BigDecimal averageCost,
      BigDecimal unrealizedPnl) {}

  record PortfolioView(
      String investorId,
      BigDecimal totalValue,
      List<HoldingView> holdings,
      BigDecimal totalCostBasis,
      BigDecimal totalUnrealizedPnl,
      Instant asOf) {}

  /**
   * {@code side}, {@code price}, {@code amount}, {@code tradeId}, {@code windowId} only where they
   * apply.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record TransactionView(
      String id,
      String type,
      String side,
      String tokenId,
      String startup,
      BigDecimal quantity,
      BigDecimal price,
      BigDecimal amount,
      String tradeId,
      String windowId,
      Instant occurredAt) {}

  record PositionView(String tokenId, BigDecimal quantity, BigDecimal price, BigDecimal value) {}

  record PointView(
      Instant at, BigDecimal totalValue, BigDecimal costBasis, List<PositionView> holdings) {}

  record ValuationHistoryView(
      String investorId, String interval, Instant from, Instant to, List<PointView> points) {}

  record MismatchView(
      String tokenId, BigDecimal supply, BigDecimal held, BigDecimal difference, long holders) {}

  record ReconciliationView(long tokensChecked, boolean balanced, List<MismatchView> mismatches) {}

  static PortfolioView portfolio(PortfolioQueries.Portfolio p) {
    return new PortfolioView(
        p.investorId(),
        p.totalValue(),
        p.holdings().stream()
            .map(
                h ->
                    new HoldingView(
                        h.tokenId(),
                        h.startup(),
                        h.quantity(),
                        h.currentPrice(),
                        h.currentValue(),
                        h.availableQuantity(),
                        h.costBasis(),
                        h.averageCost(),
                        h.unrealizedPnl()))
            .toList(),
        p.totalCostBasis(),
        p.totalUnrealizedPnl(),
        p.asOf());
  }

  static TransactionView transaction(PortfolioReads.Movement m) {
    TransactionType type = m.reason().transaction;
    BigDecimal quantity = m.delta().abs();
    return new TransactionView(
        id(m),
        type.wire(),
        m.reason().side,
        m.tokenId(),
        m.startup(),
        quantity,
        m.price(),
        m.price() == null ? null : quantity.multiply(m.price()),
        m.tradeId(),
        m.windowId(),
        m.occurredAt());
  }

  /** Stable across rebuilds: derived from owner, token and sequence, revealing none of them. */
  static String id(PortfolioReads.Movement m) {
    String name =
        "holding-change:" + m.ownerId() + "\u001f" + m.tokenId() + "\u001f" + m.sequence();
    return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
  }

  static ValuationHistoryView history(
      String investorId,
      Interval interval,
      Instant from,
      Instant to,
      List<ValuationHistory.Point> points) {
    return new ValuationHistoryView(
        investorId,
        interval.wire(),
        from,
        to,
        points.stream()
            .map(
                p ->
                    new PointView(
                        p.at(),
                        p.totalValue(),
                        CostBasis.normal(p.costBasis()),
                        p.holdings().stream().map(PortfolioResponses::position).toList()))
            .toList());
  }

  private static PositionView position(Valuation.Position p) {
    return new PositionView(p.tokenId(), p.quantity(), p.price(), p.value());
  }

  static ReconciliationView reconciliation(Reconciliation.Report r) {
    return new ReconciliationView(
        r.tokensChecked(),
        r.mismatches().isEmpty(),
        r.mismatches().stream()
            .map(
                m ->
                    new MismatchView(
                        m.tokenId(), m.supply(), m.held(), m.difference(), m.holders()))
            .toList());
  }
}
