package io.equitoken.portfolio;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Investors' holdings, transactions and valuation history: a read model built only from the
 * listings and trading events, never asking another service anything.
 */
@SpringBootApplication
public class PortfolioApplication {

  public static void main(String[] args) {
    SpringApplication.run(PortfolioApplication.class, args);
  }
}
