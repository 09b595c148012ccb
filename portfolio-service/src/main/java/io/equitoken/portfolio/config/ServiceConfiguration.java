package io.equitoken.portfolio.config;

import io.equitoken.portfolio.cash.CashBook;
import io.equitoken.portfolio.cash.CashStore;
import io.equitoken.portfolio.holding.HoldingStore;
import io.equitoken.portfolio.holding.Ledger;
import io.equitoken.portfolio.valuation.PortfolioQueries;
import io.equitoken.portfolio.valuation.PortfolioReads;
import io.equitoken.portfolio.valuation.Reconciliation;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the plain-Java domain to its adapters. */
@Configuration
class ServiceConfiguration {

  @Bean
  Ledger ledger(HoldingStore store) {
    return new Ledger(store);
  }

  @Bean
  CashBook cashBook(CashStore store) {
    return new CashBook(store);
  }

  /**
   * {@code equitoken.portfolio.default-currency}: the currency of an account no cash event was seen
   * for yet (the platform's settlement currency; trading's default is USD).
   */
  @Bean
  PortfolioQueries portfolioQueries(
      PortfolioReads reads,
      @Value("${equitoken.portfolio.default-currency:USD}") String defaultCurrency) {
    return new PortfolioQueries(reads, defaultCurrency);
  }

  @Bean
  Reconciliation reconciliation(PortfolioReads reads) {
    return new Reconciliation(reads);
  }
}
