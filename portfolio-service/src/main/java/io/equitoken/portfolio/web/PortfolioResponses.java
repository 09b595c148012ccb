package io.equitoken.portfolio.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.equitoken.portfolio.cash.CashReason;
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

  /** The investor's cash account, in the platform's settlement currency. */
  record CashView(BigDecimal balance, BigDecimal reserved, BigDecimal available, String currency) {}

  record PortfolioView(
      String investorId,
      BigDecimal totalValue,
      List<HoldingView> holdings,
      BigDecimal totalCostBasis,
      BigDecimal totalUnrealizedPnl,
      Instant asOf,
      CashView cash) {}

  /**
   * {@code side}, {@code price}, {@code amount}, {@code tradeId}, {@code windowId} only where they
   * apply; {@code cashAmount} (the signed change of the cash balance), {@code fee} and {@code
   * cashBalance} (the balance after it) where a cash change belongs to the transaction. Deposits,
   * withdrawals, adjustments and fees have no {@code tokenId} (fees do), {@code startup} or {@code
   * quantity}.
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
      Instant occurredAt,
      BigDecimal cashAmount,
      BigDecimal fee,
      BigDecimal cashBalance) {}

  record PositionView(String tokenId, BigDecimal quantity, BigDecimal price, BigDecimal value) {}

  /** {@code cash} and {@code totalWithCash} only with {@code includeCash=true}. */
  record PointView(
      Instant at,
      BigDecimal totalValue,
      BigDecimal costBasis,
      List<PositionView> holdings,
      @JsonInclude(JsonInclude.Include.NON_NULL) BigDecimal cash,
      @JsonInclude(JsonInclude.Include.NON_NULL) BigDecimal totalWithCash) {}

  record ValuationHistoryView(
      String investorId, String interval, Instant from, Instant to, List<PointView> points) {}

  record MismatchView(
      String tokenId, BigDecimal supply, BigDecimal held, BigDecimal difference, long holders) {}

  record CashCurrencyView(
      String currency,
      long accounts,
      BigDecimal balances,
      BigDecimal deposits,
      BigDecimal withdrawalsPaid,
      BigDecimal adjustments,
      BigDecimal difference) {}

  record CashAccountOffView(
      String ownerId,
      long sequence,
      long changesSeen,
      BigDecimal balance,
      BigDecimal reserved,
      BigDecimal sumOfAmounts) {}

  record ReconciliationView(
      long tokensChecked,
      boolean balanced,
      List<MismatchView> mismatches,
      List<CashCurrencyView> cash,
      List<CashAccountOffView> cashAccountsOff) {}

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
        p.asOf(),
        new CashView(
            p.cash().balance(), p.cash().reserved(), p.cash().available(), p.cash().currency()));
  }

  static TransactionView transaction(PortfolioReads.Movement m) {
    if (m.reason() == null) {
      return cashTransaction(m);
    }
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
        m.occurredAt(),
        m.cashAmount(),
        m.fee(),
        m.cashBalance());
  }

  /** A deposit, paid withdrawal, adjustment or fee: {@code amount} is what moved, unsigned. */
  private static TransactionView cashTransaction(PortfolioReads.Movement m) {
    boolean fee = m.cashReason() == CashReason.FEE;
    return new TransactionView(
        id(m),
        TransactionType.of(m.cashReason()).wire(),
        null,
        fee ? m.tokenId() : null,
        fee ? m.startup() : null,
        null,
        fee ? m.price() : null,
        m.cashAmount().abs(),
        fee ? m.tradeId() : null,
        null,
        m.occurredAt(),
        m.cashAmount(),
        m.fee(),
        m.cashBalance());
  }

  /** Stable across rebuilds: derived from owner, token and sequence, revealing none of them. */
  static String id(PortfolioReads.Movement m) {
    if (m.reason() == null) {
      String cash = "cash-change:" + m.ownerId() + "\u001f" + m.sequence();
      return UUID.nameUUIDFromBytes(cash.getBytes(StandardCharsets.UTF_8)).toString();
    }
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
                        p.holdings().stream().map(PortfolioResponses::position).toList(),
                        p.cash(),
                        p.cash() == null ? null : p.totalValue().add(p.cash())))
            .toList());
  }

  private static PositionView position(Valuation.Position p) {
    return new PositionView(p.tokenId(), p.quantity(), p.price(), p.value());
  }

  static ReconciliationView reconciliation(Reconciliation.Report r) {
    return new ReconciliationView(
        r.tokensChecked(),
        r.balanced(),
        r.mismatches().stream()
            .map(
                m ->
                    new MismatchView(
                        m.tokenId(), m.supply(), m.held(), m.difference(), m.holders()))
            .toList(),
        r.cash().stream()
            .map(
                c ->
                    new CashCurrencyView(
                        c.currency(),
                        c.accounts(),
                        c.balances(),
                        c.deposits(),
                        c.withdrawalsPaid(),
                        c.adjustments(),
                        c.difference()))
            .toList(),
        r.cashAccountsOff().stream()
            .map(
                g ->
                    new CashAccountOffView(
                        g.ownerId(),
                        g.sequence(),
                        g.changesSeen(),
                        g.balance(),
                        g.reserved(),
                        g.sumOfAmounts()))
            .toList());
  }
}
