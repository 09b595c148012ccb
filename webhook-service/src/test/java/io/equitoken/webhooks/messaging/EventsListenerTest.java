package io.equitoken.webhooks.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.webhooks.delivery.Delivery;
import io.equitoken.webhooks.delivery.DeliveryQueue.Offered;
import io.equitoken.webhooks.messaging.EventsListener.FanOut;
import io.equitoken.webhooks.messaging.EventsListener.FanOutAll;
import io.equitoken.webhooks.messaging.EventsListener.Pause;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A poll's work keeps record order: key revocations split its fan-out where they stand. */
class EventsListenerTest {

  private static final Instant T = Instant.parse("2026-11-27T09:00:00Z");

  @Test
  void aPollWithoutRevocationIsOneFanOut() {
    Offered a = offered("a");
    Offered b = offered("b");
    Offered c = offered("c");

    assertThat(EventsListener.steps(List.of(new FanOut(a), new FanOut(b), new FanOut(c))))
        .containsExactly(new FanOutAll(List.of(a, b, c)));
  }

  @Test
  void aRevocationPausesAfterTheEventsBeforeItAndBeforeThoseAfterIt() {
    Offered a = offered("a");
    Offered b = offered("b");
    Offered c = offered("c");
    Pause first = new Pause("etk_1", "inv-1", T);
    Pause second = new Pause("etk_2", null, T);

    assertThat(
            EventsListener.steps(
                List.of(first, new FanOut(a), new FanOut(b), second, new FanOut(c), first, second)))
        .containsExactly(
            first, new FanOutAll(List.of(a, b)), second, new FanOutAll(List.of(c)), first, second);
  }

  @Test
  void aPollOfRevocationsOnlyFansNothingOut() {
    Pause only = new Pause("etk_1", "inv-1", T);

    assertThat(EventsListener.steps(List.of(only))).containsExactly(only);
    assertThat(EventsListener.steps(List.of())).isEmpty();
  }

  private static Offered offered(String id) {
    return new Offered(Delivery.pending(null, id, "trade.executed", "{}", T), null);
  }
}
