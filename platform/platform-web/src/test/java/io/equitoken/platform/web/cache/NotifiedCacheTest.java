package io.equitoken.platform.web.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

class NotifiedCacheTest {

  private final AtomicInteger loads = new AtomicInteger();
  private final NotifiedCache<String, String> cache =
      new NotifiedCache<>(100, Duration.ofMinutes(5));

  private Mono<String> load(String key) {
    return Mono.fromSupplier(() -> key + "@" + loads.incrementAndGet());
  }

  @Test
  void shouldReadThroughWhileTheFeedIsNotListening() {
    assertThat(cache.get("a", this::load).block()).isEqualTo("a@1");
    assertThat(cache.get("a", this::load).block()).isEqualTo("a@2");
    assertThat(cache.holds("a")).isFalse();
  }

  @Test
  void shouldAnswerFromMemoryOnceLiveUntilTheKeyChanges() {
    cache.live();

    assertThat(cache.get("a", this::load).block()).isEqualTo("a@1");
    assertThat(cache.get("a", this::load).block()).isEqualTo("a@1");
    cache.changed("a");
    assertThat(cache.get("a", this::load).block()).isEqualTo("a@2");
    assertThat(loads).hasValue(2);
  }

  @Test
  void shouldNotKeepAValueLoadedBeforeAChangeThatArrivedDuringItsLoad() {
    cache.live();
    Sinks.One<String> database = Sinks.one();

    // a read starts, the row changes and the change is announced, then the read's (old) row comes
    Mono<String> read = cache.get("a", key -> database.asMono());
    Mono<String> inFlight = read.cache();
    inFlight.subscribe();
    cache.changed("a");
    database.tryEmitValue("old");

    assertThat(inFlight.block()).isEqualTo("old");
    assertThat(cache.holds("a")).as("the old row is not kept").isFalse();
    assertThat(cache.get("a", this::load).block()).isEqualTo("a@1");
  }

  @Test
  void shouldForgetEverythingAndReadThroughWhenTheFeedGoesDark() {
    cache.live();
    cache.get("a", this::load).block();

    cache.dark();

    assertThat(cache.isLive()).isFalse();
    assertThat(cache.holds("a")).isFalse();
    assertThat(cache.get("a", this::load).block()).isEqualTo("a@2");
    assertThat(cache.holds("a")).isFalse();
  }

  @Test
  void shouldNotKeepALoadThatStartedBeforeTheFeedWentLive() {
    Sinks.One<String> database = Sinks.one();
    Mono<String> inFlight = cache.get("a", key -> database.asMono()).cache();
    inFlight.subscribe();

    cache.live();
    database.tryEmitValue("read while dark");

    assertThat(inFlight.block()).isEqualTo("read while dark");
    assertThat(cache.holds("a")).isFalse();
  }

  @Test
  void shouldNotKeepAnEmptyAnswer() {
    cache.live();

    assertThat(cache.get("missing", key -> Mono.<String>empty()).block()).isNull();
    assertThat(cache.size()).isZero();
  }
}
