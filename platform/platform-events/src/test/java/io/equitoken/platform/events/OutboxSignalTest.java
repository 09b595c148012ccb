package io.equitoken.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class OutboxSignalTest {

  private final OutboxSignal signal = new OutboxSignal();

  @Test
  void shouldReturnAtOnceWhenRaisedBeforeTheWait() throws Exception {
    signal.raise();

    assertThat(signal.await(Duration.ofHours(1))).isTrue();
  }

  @Test
  void shouldTimeOutWhenNeverRaised() throws Exception {
    assertThat(signal.await(Duration.ofMillis(20))).isFalse();
  }

  @Test
  void shouldCoalesceSignalsRaisedWhileNobodyWaits() throws Exception {
    signal.raise();
    signal.raise();
    signal.raise();

    assertThat(signal.await(Duration.ofHours(1))).isTrue();
    assertThat(signal.await(Duration.ofMillis(20))).isFalse();
  }

  @Test
  void shouldWakeAWaitingThread() throws Exception {
    CompletableFuture<Boolean> waiting =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return signal.await(Duration.ofHours(1));
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });

    signal.raise();

    assertThat(waiting.get(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void shouldWakeTheRelayWhenTheDatabaseFeedGoesDark() throws Exception {
    signal.listening(true);
    assertThat(signal.isListening()).isTrue();

    signal.listening(false);

    assertThat(signal.isListening()).isFalse();
    assertThat(signal.await(Duration.ofMillis(20))).isTrue();
  }

  @Test
  void shouldNotRaiseWhenTheFeedGoesLiveOrWasNeverLive() throws Exception {
    signal.listening(false);
    signal.listening(true);

    assertThat(signal.await(Duration.ofMillis(20))).isFalse();
  }
}
