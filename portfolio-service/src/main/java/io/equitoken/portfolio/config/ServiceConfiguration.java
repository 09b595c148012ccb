package io.equitoken.portfolio.config;

import io.equitoken.portfolio.holding.HoldingStore;
import io.equitoken.portfolio.holding.Ledger;
import io.equitoken.portfolio.valuation.PortfolioQueries;
import io.equitoken.portfolio.valuation.PortfolioReads;
import io.equitoken.portfolio.valuation.Reconciliation;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the plain-Java domain to its adapters. */
@Configuration
class ServiceConfiguration {

  @Bean
  @ConditionalOnMissingBean
  Clock clock() {
    return Clock.systemUTC();
  }

  @Bean
  Ledger ledger(HoldingStore store) {
    return new Ledger(store);
  }

  @Bean
  PortfolioQueries portfolioQueries(PortfolioReads reads) {
    return new PortfolioQueries(reads);
  }

  @Bean
  Reconciliation reconciliation(PortfolioReads reads) {
    return new Reconciliation(reads);
  }
}
