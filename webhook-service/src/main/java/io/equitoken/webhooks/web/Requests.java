package io.equitoken.webhooks.web;

import java.time.Instant;
import java.util.List;

/** The JSON bodies the webhooks API accepts (unknown members are a 400). */
final class Requests {

  private Requests() {}

  record CreateSubscription(String url, List<String> eventTypes, String description) {}

  record UpdateSubscription(
      String url, List<String> eventTypes, String description, String status) {}

  record Recover(Instant since) {}
}
