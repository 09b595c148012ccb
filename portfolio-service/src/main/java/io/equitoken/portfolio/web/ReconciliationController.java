package io.equitoken.portfolio.web;

import io.equitoken.portfolio.valuation.Reconciliation;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /portfolio/reconciliation} (operators): every token whose holdings, summed over all
 * holders, differ from its issued supply. Empty {@code mismatches} means conservation holds.
 */
@RestController
class ReconciliationController {

  private final Reconciliation reconciliation;

  ReconciliationController(Reconciliation reconciliation) {
    this.reconciliation = reconciliation;
  }

  @GetMapping("/portfolio/reconciliation")
  Mono<PortfolioResponses.ReconciliationView> reconciliation() {
    return reconciliation.check().map(PortfolioResponses::reconciliation);
  }
}
