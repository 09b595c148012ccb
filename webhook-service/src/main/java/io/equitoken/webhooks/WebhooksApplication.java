package io.equitoken.webhooks;

import io.equitoken.platform.web.StrictJsonTypes;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** Webhook subscriptions and signed, retried, replayable deliveries of platform events. */
@SpringBootApplication
@Import(StrictJsonTypes.class) // JSON types are part of the contract
public class WebhooksApplication {

  public static void main(String[] args) {
    SpringApplication.run(WebhooksApplication.class, args);
  }
}
