package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.WebhookReceiver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A principal holds at most {@code equitoken.webhooks.max-subscriptions-per-principal} (25)
 * subscriptions, also when creations race: the rest is refused with {@code 409
 * too-many-subscriptions}, and nothing is stored for them.
 */
class SubscriptionCapIT extends WebhooksIntegrationBase {

  private static final int CAP = 25;
  private final WebhookReceiver receiver = new WebhookReceiver();
  private final String owner = Api.newPrincipal();

  @AfterEach
  void close() {
    db.sql("delete from subscription where owner_id = $1").bind(0, owner).then().block();
    receiver.close();
  }

  @Test
  void shouldCapThePrincipalsSubscriptionsEvenWhenCreationsRace() {
    String token = Api.investor(owner);
    for (int i = 0; i < CAP - 4; i++) {
      api.subscribe(token, receiver.url(), "trade.executed");
    }
    // 12 at once, 4 below the cap
    List<Mono<Integer>> calls = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      calls.add(
          Mono.fromCallable(
                  () ->
                      api.call(
                              HttpMethod.POST,
                              "/webhooks/subscriptions",
                              token,
                              Api.subscription(receiver.url(), "trade.executed"))
                          .returnResult(Void.class)
                          .getStatus()
                          .value())
              .subscribeOn(Schedulers.boundedElastic()));
    }
    List<Integer> statuses = Flux.merge(calls).collectList().block(Duration.ofSeconds(60));

    assertThat(statuses.stream().filter(s -> s == 201)).hasSize(4);
    assertThat(statuses.stream().filter(s -> s == 409)).hasSize(8);
    assertThat(count("select count(*) from subscription where owner_id = $1", owner))
        .isEqualTo(CAP);
    api.call(
            HttpMethod.POST,
            "/webhooks/subscriptions",
            token,
            Api.subscription(receiver.url(), "trade.executed"))
        .expectStatus()
        .isEqualTo(409)
        .expectHeader()
        .contentType("application/problem+json")
        .expectBody()
        .jsonPath("$.code")
        .isEqualTo("too-many-subscriptions")
        .jsonPath("$.limit")
        .isEqualTo(CAP);
    // another principal is not affected
    String other = Api.newPrincipal();
    try {
      api.subscribe(Api.investor(other), receiver.url(), "trade.executed");
    } finally {
      db.sql("delete from subscription where owner_id = $1").bind(0, other).then().block();
    }
  }
}
