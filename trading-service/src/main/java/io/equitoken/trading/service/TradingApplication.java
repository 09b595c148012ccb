package io.equitoken.trading.service;

import io.equitoken.platform.web.StrictJsonTypes;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Owner of liquidity windows, orders, their matching on Kafka and price history. */
@SpringBootApplication
@Import(StrictJsonTypes.class) // JSON types are part of the contract
@EnableScheduling
public class TradingApplication {

  public static void main(String[] args) {
    SpringApplication.run(TradingApplication.class, args);
  }
}
