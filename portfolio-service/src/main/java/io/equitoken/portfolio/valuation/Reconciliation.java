package io.equitoken.portfolio.valuation;

import java.math.BigDecimal;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * Conservation as this read model sees it. Holdings: per token, all holdings together equal the
 * issued supply; a token breaks it when the sum differs, or when its supply was never reported.
 * Cash: per currency, all balances together (the fee account's included) equal deposits − paid
 * withdrawals + adjustments, since a fill only moves cash between accounts; and per account, its
 * changes have no missing sequence, its balance is the sum of their amounts and nothing more is
 * reserved than held. Everything is derived from the events, as for holdings.
 */
public final class Reconciliation {

  public record Mismatch(
      String tokenId, BigDecimal supply, BigDecimal held, BigDecimal difference, long holders) {}

  /** {@code difference = balances − (deposits − withdrawalsPaid + adjustments)}; 0 when sound. */
  public record CashCurrency(
      String currency,
      long accounts,
      BigDecimal balances,
      BigDecimal deposits,
      BigDecimal withdrawalsPaid,
      BigDecimal adjustments,
      BigDecimal difference) {}

  public record Report(
      long tokensChecked,
      List<Mismatch> mismatches,
      List<CashCurrency> cash,
      List<PortfolioReads.CashGap> cashAccountsOff) {

    public boolean balanced() {
      return mismatches.isEmpty()
          && cashAccountsOff.isEmpty()
          && cash.stream().allMatch(c -> c.difference().signum() == 0);
    }
  }

  private final PortfolioReads reads;

  public Reconciliation(PortfolioReads reads) {
    this.reads = reads;
  }

  public Mono<Report> check() {
    return Mono.zip(
            reads.balances().collectList(),
            reads.cashTotals().collectList(),
            reads.cashGaps().collectList())
        .map(
            t ->
                new Report(
                    t.getT1().size(),
                    t.getT1().stream()
                        .filter(b -> b.supply() == null || b.supply().compareTo(b.held()) != 0)
                        .map(
                            b ->
                                new Mismatch(
                                    b.tokenId(),
                                    b.supply(),
                                    b.held(),
                                    b.supply() == null ? null : b.held().subtract(b.supply()),
                                    b.holders()))
                        .toList(),
                    t.getT2().stream()
                        .map(
                            c ->
                                new CashCurrency(
                                    c.currency(),
                                    c.accounts(),
                                    c.balances(),
                                    c.deposits(),
                                    c.withdrawalsPaid(),
                                    c.adjustments(),
                                    c.balances()
                                        .subtract(
                                            c.deposits()
                                                .subtract(c.withdrawalsPaid())
                                                .add(c.adjustments()))))
                        .toList(),
                    t.getT3()));
  }
}
