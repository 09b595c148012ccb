package io.equitoken.webhooks;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Webhook subscriptions and signed, retried, replayable deliveries of platform events. */
@SpringBootApplication
public class WebhooksApplication {

  public static void main(String[] args) {
    SpringApplication.run(WebhooksApplication.class, args);
  }
}
