package io.equitoken.trading.service.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The window clock's decisions on each tick, over its ports kept in maps ({@link WindowBooks}). */
class WindowClockTest {

  private static final Instant OPENS = Instant.parse("2026-11-23T08:00:00Z");
  private static final Instant CALL = OPENS.plus(Duration.ofMinutes(45));
  private static final Instant CLOSES = OPENS.plus(Duration.ofHours(1));
  private static final Duration INDICATE_EVERY = Duration.ofSeconds(10);
  private static final BigDecimal BAND = new BigDecimal("10");

  private final WindowBooks books = new WindowBooks();

  @BeforeEach
  void tradableTokens() {
    books.tradable.addAll(List.of("tok-a", "tok-b", "tok-c"));
  }

  @Test
  void shouldOpenADueWindowForItsTradableTokensThenPublishOpened() {
    UUID id = schedule(Mechanism.CONTINUOUS, List.of("tok-a", "tok-b", "tok-x"), null);
    Instant now = OPENS.plusSeconds(1);

    assertThat(tickAt(now)).isEqualTo(1);

    String w = id.toString();
    assertThat(books.published)
        .containsExactly(
            new WindowEvents.Open(w, "tok-a", "continuous", BAND, OPENS),
            new WindowEvents.Open(w, "tok-b", "continuous", BAND, OPENS),
            new WindowEvents.Opened(
                w, List.of("tok-a", "tok-b", "tok-x"), "continuous", OPENS, CLOSES, null, now));
    assertThat(books.window(id).status()).isEqualTo(WindowStatus.OPEN);
    assertThat(books.tokens(id).collectList().block()).containsExactly("tok-a", "tok-b");
  }

  @Test
  void shouldOpenAWindowWithoutTokensForEveryTradableToken() {
    UUID id = schedule(Mechanism.CALL_AUCTION, List.of(), null);

    tickAt(OPENS);

    assertThat(books.published(WindowEvents.Open.class))
        .extracting(WindowEvents.Open::tokenId, WindowEvents.Open::phase)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("tok-a", "call"),
            org.assertj.core.groups.Tuple.tuple("tok-b", "call"),
            org.assertj.core.groups.Tuple.tuple("tok-c", "call"));
    assertThat(books.tokens(id).collectList().block()).containsExactly("tok-a", "tok-b", "tok-c");
  }

  @Test
  void shouldLeaveAWindowScheduledBeforeItOpens() {
    UUID id = schedule(Mechanism.CONTINUOUS, List.of("tok-a"), null);

    assertThat(tickAt(OPENS.minusMillis(1))).isZero();

    assertThat(books.published).isEmpty();
    assertThat(books.window(id).status()).isEqualTo(WindowStatus.SCHEDULED);
  }

  @Test
  void shouldOpenAndCloseAWindowMissedEntirelyInOneTick() {
    UUID id = schedule(Mechanism.CONTINUOUS, List.of("tok-a"), null);
    Instant now = CLOSES.plusSeconds(5);

    assertThat(tickAt(now)).isEqualTo(1);

    String w = id.toString();
    assertThat(books.published)
        .containsExactly(
            new WindowEvents.Open(w, "tok-a", "continuous", BAND, OPENS),
            new WindowEvents.Opened(w, List.of("tok-a"), "continuous", OPENS, CLOSES, null, now),
            new WindowEvents.Close(w, "tok-a", CLOSES),
            new WindowEvents.Closed(w, List.of("tok-a"), now));
    assertThat(books.window(id).status()).isEqualTo(WindowStatus.CLOSED);
  }

  @Test
  void shouldStartTheClosingCallRightAfterOpeningWhenItIsAlreadyDue() {
    UUID id = schedule(Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION, List.of("tok-a"), CALL);
    Instant now = CALL.plusSeconds(1);

    tickAt(now);

    String w = id.toString();
    assertThat(books.published)
        .containsExactly(
            new WindowEvents.Open(w, "tok-a", "continuous", BAND, OPENS),
            new WindowEvents.Opened(
                w, List.of("tok-a"), "continuous_with_closing_auction", OPENS, CLOSES, CALL, now),
            new WindowEvents.CallPhase(w, "tok-a", CALL),
            new WindowEvents.CallPhaseStarted(w, List.of("tok-a"), CLOSES, now));
    assertThat(books.window(id).inCallPhase()).isTrue();
    assertThat(books.window(id).lastIndicatedAt()).isEqualTo(now);
  }

  @Test
  void shouldMoveAnOpenWindowIntoItsClosingCallOnceAndThenIndicateOnSchedule() {
    UUID id = schedule(Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION, List.of("tok-a", "tok-b"), CALL);
    tickAt(OPENS);
    books.published.clear();

    tickAt(CALL);
    assertThat(books.published(WindowEvents.CallPhase.class)).hasSize(2);
    assertThat(books.published(WindowEvents.CallPhaseStarted.class)).hasSize(1);

    books.published.clear();
    assertThat(tickAt(CALL.plus(INDICATE_EVERY).minusMillis(1))).isZero();
    assertThat(books.published).isEmpty();

    Instant later = CALL.plus(INDICATE_EVERY);
    assertThat(tickAt(later)).isEqualTo(1);
    assertThat(books.published)
        .containsExactly(
            new WindowEvents.Indicate(id.toString(), "tok-a", later),
            new WindowEvents.Indicate(id.toString(), "tok-b", later));
  }

  @Test
  void shouldNeverIndicateAContinuousWindow() {
    schedule(Mechanism.CONTINUOUS, List.of("tok-a"), null);
    tickAt(OPENS);
    books.published.clear();

    assertThat(tickAt(OPENS.plus(Duration.ofMinutes(30)))).isZero();
    assertThat(books.published).isEmpty();
  }

  @Test
  void shouldCloseAnOpenWindowAtItsCloseTimeForTheTokensItOpenedFor() {
    UUID id = schedule(Mechanism.CALL_AUCTION, List.of("tok-b", "tok-a"), null);
    tickAt(OPENS);
    books.published.clear();

    tickAt(CLOSES);

    String w = id.toString();
    assertThat(books.published)
        .containsExactly(
            new WindowEvents.Close(w, "tok-a", CLOSES),
            new WindowEvents.Close(w, "tok-b", CLOSES),
            new WindowEvents.Closed(w, List.of("tok-b", "tok-a"), CLOSES));
    assertThat(books.window(id).status()).isEqualTo(WindowStatus.CLOSED);
    assertThat(tickAt(CLOSES.plusSeconds(60))).isZero();
  }

  @Test
  void shouldDoNothingWhileAnotherInstanceHoldsTheClock() {
    UUID id = schedule(Mechanism.CONTINUOUS, List.of("tok-a"), null);
    books.heldElsewhere = true;

    assertThat(tickAt(CLOSES)).isZero();

    assertThat(books.published).isEmpty();
    assertThat(books.window(id).status()).isEqualTo(WindowStatus.SCHEDULED);
    assertThat(books.transactions).isEqualTo(1);
  }

  @Test
  void shouldOpenALateTokenInEveryOpenWindowCoveringItOnce() {
    UUID listed = schedule(Mechanism.CONTINUOUS, List.of("tok-new"), null);
    UUID all = schedule(Mechanism.CALL_AUCTION, List.of(), null);
    UUID other = schedule(Mechanism.CONTINUOUS, List.of("tok-a"), null);
    tickAt(OPENS);
    books.published.clear();
    Instant now = OPENS.plusSeconds(90);

    clockAt(now).tokenBecameTradable("tok-new").block();
    clockAt(now).tokenBecameTradable("tok-new").block();

    assertThat(books.published)
        .containsExactlyInAnyOrder(
            new WindowEvents.Open(listed.toString(), "tok-new", "continuous", BAND, now),
            new WindowEvents.Open(all.toString(), "tok-new", "call", BAND, now));
    assertThat(books.tokens(other).collectList().block()).containsExactly("tok-a");
  }

  @Test
  void shouldPutALateTokenStraightIntoAClosingCallAlreadyRunning() {
    UUID id = schedule(Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION, List.of(), CALL);
    tickAt(OPENS);
    tickAt(CALL);
    books.published.clear();
    Instant now = CALL.plusSeconds(3);

    clockAt(now).tokenBecameTradable("tok-new").block();

    String w = id.toString();
    assertThat(books.published)
        .containsExactly(
            new WindowEvents.Open(w, "tok-new", "continuous", BAND, now),
            new WindowEvents.CallPhase(w, "tok-new", now));
  }

  private UUID schedule(Mechanism mechanism, List<String> tokens, Instant callPhaseStarts) {
    UUID id = UUID.randomUUID();
    WindowRequest request =
        new WindowRequest(tokens, mechanism, OPENS, CLOSES, callPhaseStarts, BAND);
    books.insert(LiquidityWindow.scheduled(id, request, "ops-1", OPENS.minusSeconds(3600))).block();
    return id;
  }

  private int tickAt(Instant now) {
    return clockAt(now).tick().block();
  }

  private WindowClock clockAt(Instant now) {
    return new WindowClock(
        books, books, books, books, books, Clock.fixed(now, ZoneOffset.UTC), INDICATE_EVERY);
  }
}
