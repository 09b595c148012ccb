package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.test.WebhookReceiver;
import io.equitoken.webhooks.subscription.Actor;
import io.equitoken.webhooks.subscription.Subscription;
import io.equitoken.webhooks.subscription.SubscriptionRequest;
import io.equitoken.webhooks.subscription.SubscriptionService;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * A restart of the service loses and duplicates nothing: deliveries in flight when it stops are
 * finished and recorded, queued ones are sent by the next instance, and every webhook-id is
 * accepted by the receiver exactly once. Runs its own two application instances one after the
 * other, on a database and consumer group of their own.
 */
class RestartIT {

  private static final String PRICE = "equitoken.trading.price.updated.v1";
  private static final int EVENTS = 20;

  private static ConfigurableApplicationContext start() {
    return Instances.start("webhooks_restart", "webhook-service-restart-it", Map.of());
  }

  @Test
  void shouldLoseAndDuplicateNothingAcrossARestart() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver()) {
      // given an instance with a subscription, and a receiver that holds every request
      ConfigurableApplicationContext first = start();
      Subscription subscription =
          first
              .getBean(SubscriptionService.class)
              .create(
                  new Actor("restart-" + UUID.randomUUID(), false),
                  new SubscriptionRequest(receiver.url(), List.of("price.updated"), null, null))
              .block(Duration.ofSeconds(30));
      receiver.hold();

      // when events are fanned out and the first deliveries are in flight...
      String tokenId = UUID.randomUUID().toString();
      Set<String> eventIds = new HashSet<>();
      for (int i = 0; i < EVENTS; i++) {
        eventIds.add(
            Events.send(PRICE, tokenId, Events.example(PRICE, e -> e.put("tokenId", tokenId))));
      }
      DatabaseClient db = first.getBean(DatabaseClient.class);
      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  deliveries(db, subscription.id(), eventIds, "") == EVENTS
                      && receiver.arrived() > 0);

      // ...the instance stops (the receiver answers the held requests meanwhile)
      CompletableFuture<Void> stopping = CompletableFuture.runAsync(first::close);
      Thread.sleep(500);
      receiver.release();
      stopping.get();

      // and a new instance starts
      ConfigurableApplicationContext second = start();
      try {
        // then every event arrives, each webhook-id accepted exactly once, all signed
        // (the topic may hold other tests' price events: this instance's group reads it from the
        // start, so only this test's events are counted)
        await()
            .atMost(Duration.ofSeconds(90))
            .until(() -> ours(receiver, eventIds).size() >= EVENTS);
        DatabaseClient db2 = second.getBean(DatabaseClient.class);
        await()
            .atMost(Duration.ofSeconds(60))
            .until(
                () ->
                    deliveries(db2, subscription.id(), eventIds, " and status = 'succeeded'")
                        == EVENTS);
        Map<String, Long> perId =
            ours(receiver, eventIds).stream()
                .collect(
                    Collectors.groupingBy(WebhookReceiver.Received::id, Collectors.counting()));
        assertThat(perId.keySet())
            .containsExactlyInAnyOrderElementsOf(eventIds.stream().map(id -> "msg_" + id).toList());
        assertThat(perId.values()).allMatch(n -> n == 1);
        assertThat(ours(receiver, eventIds)).allMatch(r -> r.verifiesWith(subscription.secret()));
      } finally {
        second.close();
      }
    }
  }

  private static List<WebhookReceiver.Received> ours(
      WebhookReceiver receiver, Set<String> eventIds) {
    return receiver.received().stream()
        .filter(r -> r.id() != null && eventIds.contains(r.id().substring("msg_".length())))
        .toList();
  }

  private static long deliveries(
      DatabaseClient db, UUID subscription, Set<String> eventIds, String condition) {
    return db.sql(
            "select count(*) from delivery where subscription_id = $1 and event_id = any($2)"
                + condition)
        .bind(0, subscription)
        .bind(1, eventIds.toArray(String[]::new))
        .map(row -> row.get(0, Long.class))
        .one()
        .block(Duration.ofSeconds(10));
  }
}
