package io.equitoken.listings;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Owner of startup listings, their tokens and the tokens' legal compartments. */
@SpringBootApplication
public class ListingsApplication {

  public static void main(String[] args) {
    SpringApplication.run(ListingsApplication.class, args);
  }
}
