package io.equitoken.trading.service;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Owner of liquidity windows, orders, their matching on Kafka and price history. */
@SpringBootApplication
@EnableScheduling
public class TradingApplication {

  public static void main(String[] args) {
    SpringApplication.run(TradingApplication.class, args);
  }
}
