package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.equitoken.platform.test.WebhookReceiver;
import io.equitoken.webhooks.delivery.Dispatcher;
import io.equitoken.webhooks.subscription.Actor;
import io.equitoken.webhooks.subscription.Subscription;
import io.equitoken.webhooks.subscription.SubscriptionRequest;
import io.equitoken.webhooks.subscription.SubscriptionService;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * An idle dispatcher does not poll for work it can know of: with a poll interval far longer than
 * the first retry delay (5 s), a failed delivery is still retried when its retry falls due, because
 * the dispatcher sets its timer to the earliest scheduled retry. Runs an application instance of
 * its own, on a database and consumer group of its own.
 */
class DispatcherWakeUpIT {

  private static final String PRICE = "equitoken.trading.price.updated.v1";
  private static final String HALTED = "equitoken.trading.market.halted.v1";
  private static final Duration POLL_INTERVAL = Duration.ofMinutes(2);

  @Test
  void shouldRetryWhenTheRetryFallsDueNotAtTheNextPoll() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver();
        ConfigurableApplicationContext service =
            Instances.start(
                "webhooks_wakeup",
                "webhook-service-wakeup-it",
                Map.of("equitoken.webhooks.poll-interval", POLL_INTERVAL.toString()))) {
      // given a subscription whose endpoint fails the first attempt of each message
      Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
      receiver.answer(
          r ->
              WebhookReceiver.Answer.status(
                  attempts
                              .computeIfAbsent(String.valueOf(r.id()), id -> new AtomicInteger())
                              .incrementAndGet()
                          == 1
                      ? 500
                      : 204));
      Subscription subscription =
          service
              .getBean(SubscriptionService.class)
              .create(
                  new Actor("wakeup-" + UUID.randomUUID(), false),
                  new SubscriptionRequest(receiver.url(), List.of("price.updated"), null, null))
              .block(Duration.ofSeconds(30));
      assertThat(subscription).isNotNull();

      // when an event is fanned out (the fan-out wakes the dispatcher: the first attempt fails)
      String tokenId = UUID.randomUUID().toString();
      String message =
          "msg_"
              + Events.send(PRICE, tokenId, Events.example(PRICE, e -> e.put("tokenId", tokenId)));
      await().atMost(Duration.ofSeconds(60)).until(() -> count(receiver, message) == 1);

      // then the retry arrives when it falls due (about 5 s later), long before the next poll
      long failedAt = System.nanoTime();
      await().atMost(POLL_INTERVAL.dividedBy(2)).until(() -> count(receiver, message) == 2);
      assertThat(Duration.ofNanos(System.nanoTime() - failedAt)).isLessThan(POLL_INTERVAL);
    }
  }

  @Test
  void shouldNotClaimAfterAPollThatQueuedNothing() {
    try (ConfigurableApplicationContext service =
        Instances.start(
            "webhooks_wakeup",
            "webhook-service-wakeup-it",
            Map.of("equitoken.webhooks.poll-interval", POLL_INTERVAL.toString()))) {
      // given the dispatcher's claim at start done
      Dispatcher dispatcher = service.getBean(Dispatcher.class);
      DatabaseClient db = service.getBean(DatabaseClient.class);
      await().atMost(Duration.ofSeconds(30)).until(() -> dispatcher.claims() >= 1);
      long before = dispatcher.claims();

      // when an offered event that no subscription wants is consumed
      String tokenId = UUID.randomUUID().toString();
      String event =
          Events.send(HALTED, tokenId, Events.example(HALTED, e -> e.put("tokenId", tokenId)));
      await().atMost(Duration.ofSeconds(60)).until(() -> processed(db, event));

      // then its poll queued nothing and the dispatcher did not claim for it
      assertThat(
              db.sql("select count(*) from delivery where event_id = :id")
                  .bind("id", event)
                  .map(r -> r.get(0, Long.class))
                  .one()
                  .block(Duration.ofSeconds(5)))
          .isZero();
      assertThat(dispatcher.claims()).isEqualTo(before);
    }
  }

  private static boolean processed(DatabaseClient db, String eventId) {
    return db.sql("select count(*) from processed_event where event_id = :id")
            .bind("id", eventId)
            .map(r -> r.get(0, Long.class))
            .one()
            .block(Duration.ofSeconds(5))
        > 0;
  }

  private static long count(WebhookReceiver receiver, String message) {
    return receiver.received().stream().filter(r -> message.equals(r.id())).count();
  }
}
