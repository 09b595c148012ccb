package io.equitoken.webhooks.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.platform.test.WebhookReceiver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One owner's slow endpoints never take the slots another owner needs: with the tests' limits (64
 * in flight, 4 per subscription, 16 per owner), an owner with 16 subscriptions to receivers that
 * hold every request (until the 3 s response timeout) and 4 events queued for each would fill all
 * 64 slots without the per-owner bound; another owner's deliveries then waited for those timeouts.
 * The healthy owner's publish-to-delivery times stay well under the response timeout; the p99 is
 * printed (a generous bound is asserted, not a performance target).
 */
class FairnessIT extends WebhooksIntegrationBase {

  private static final String HOLDING = "equitoken.trading.holding.changed.v1";
  private static final Duration BOUND = Duration.ofMillis(2_000);

  private final List<WebhookReceiver> slowReceivers = new ArrayList<>();
  private final WebhookReceiver healthyReceiver = new WebhookReceiver();
  private final String slow = Api.newPrincipal();
  private final String healthy = Api.newPrincipal();

  @AfterEach
  void close() {
    for (String p : List.of(slow, healthy)) {
      db.sql("delete from subscription where owner_id = $1").bind(0, p).then().block();
    }
    slowReceivers.forEach(WebhookReceiver::close);
    healthyReceiver.close();
  }

  @Test
  void shouldDeliverToAHealthyOwnerPromptlyWhileAnotherOwnersEndpointsHang()
      throws InterruptedException {
    // given an owner with 16 subscriptions to receivers that hold every request
    String slowToken = Api.investor(slow);
    for (int r = 0; r < 4; r++) {
      WebhookReceiver receiver = new WebhookReceiver();
      receiver.hold();
      slowReceivers.add(receiver);
      for (int i = 0; i < 4; i++) {
        api.subscribe(slowToken, receiver.url(), "holding.changed");
      }
    }
    api.subscribe(Api.investor(healthy), healthyReceiver.url(), "holding.changed");

    // when 4 events per slow subscription are queued and the slow endpoints hang
    for (int i = 0; i < 4; i++) {
      Events.send(HOLDING, slow, Events.example(HOLDING, e -> e.put("ownerId", slow)));
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (slowReceivers.stream().mapToInt(WebhookReceiver::arrived).sum() < 16
        && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(slowReceivers.stream().mapToInt(WebhookReceiver::arrived).sum())
        .isGreaterThanOrEqualTo(16);

    // then each of the healthy owner's events arrives promptly, one after the other
    int events = 20;
    long[] millis = new long[events];
    for (int i = 0; i < events; i++) {
      long start = System.nanoTime();
      Events.send(HOLDING, healthy, Events.example(HOLDING, e -> e.put("ownerId", healthy)));
      int expected = i + 1;
      long until = start + Duration.ofSeconds(20).toNanos();
      while (healthyReceiver.received().size() < expected && System.nanoTime() < until) {
        Thread.sleep(5);
      }
      millis[i] = (System.nanoTime() - start) / 1_000_000;
      assertThat(healthyReceiver.received()).hasSize(expected);
    }
    long[] sorted = millis.clone();
    Arrays.sort(sorted);
    long p99 = sorted[(int) Math.ceil(0.99 * events) - 1];
    System.out.printf(
        "healthy owner's publish-to-delivery while another owner's endpoints hang: p50 %d ms,"
            + " p99 %d ms, max %d ms%n",
        sorted[events / 2], p99, sorted[events - 1]);
    assertThat(p99).isLessThan(BOUND.toMillis());
  }
}
