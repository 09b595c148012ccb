package io.equitoken.portfolio.valuation;

import java.math.BigDecimal;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * Holdings conservation as this read model sees it: per token, all holdings together equal the
 * issued supply. A token breaks it when the sum differs, or when its supply was never reported.
 */
public final class Reconciliation {

  public record Mismatch(
      String tokenId, BigDecimal supply, BigDecimal held, BigDecimal difference, long holders) {}

  public record Report(long tokensChecked, List<Mismatch> mismatches) {}

  private final PortfolioReads reads;

  public Reconciliation(PortfolioReads reads) {
    this.reads = reads;
  }

  public Mono<Report> check() {
    return reads
        .balances()
        .collectList()
        .map(
            balances ->
                new Report(
                    balances.size(),
                    balances.stream()
                        .filter(b -> b.supply() == null || b.supply().compareTo(b.held()) != 0)
                        .map(
                            b ->
                                new Mismatch(
                                    b.tokenId(),
                                    b.supply(),
                                    b.held(),
                                    b.supply() == null ? null : b.held().subtract(b.supply()),
                                    b.holders()))
                        .toList()));
  }
}
