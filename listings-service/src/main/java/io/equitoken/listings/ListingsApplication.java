package io.equitoken.listings;

import io.equitoken.platform.web.StrictJsonTypes;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** Owner of startup listings, their tokens and the tokens' legal compartments. */
@SpringBootApplication
@Import(StrictJsonTypes.class) // JSON types are part of the contract
public class ListingsApplication {

  public static void main(String[] args) {
    SpringApplication.run(ListingsApplication.class, args);
  }
}
