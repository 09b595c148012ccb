package io.equitoken.trading.service.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The window clock against the real database: transitions on time, catch-up after downtime, one
 * driver at a time, and every transition's event and per-token commands in the outbox.
 */
class WindowClockIT extends TradingIntegrationTest {

  @Test
  void shouldOpenAndCloseOnTimeSendingEventsAndPerTokenCommands() {
    // given a tradable token (registered with the matcher) and a window on it in a minute
    String token = fixtures.tradableToken("founder-" + UUID.randomUUID());
    assertThat(commands(token, "token.register")).isEqualTo(1);
    Instant opens = clock.instant().plus(Duration.ofMinutes(1));
    String id =
        api.schedule(
            Api.window(List.of(token), "continuous", opens, opens.plus(Duration.ofHours(1))));

    // when the clock ticks before the time, nothing moves
    tick();
    assertThat(status(id)).isEqualTo("scheduled");

    // when the opening time passes
    clock.advance(Duration.ofSeconds(61));
    tick();

    // then it is open, the token is in it, and the event and the command are in the outbox
    assertThat(status(id)).isEqualTo("open");
    assertThat(events(id, "window.opened")).isEqualTo(1);
    assertThat(commands(token, "window.open")).isEqualTo(1);

    // when the closing time passes
    clock.advance(Duration.ofHours(1));
    tick();

    // then it is closed, once
    tick();
    assertThat(status(id)).isEqualTo("closed");
    assertThat(events(id, "window.closed")).isEqualTo(1);
    assertThat(commands(token, "window.close")).isEqualTo(1);
  }

  @Test
  void shouldCatchUpWindowsMissedWhileTheServiceWasDown() {
    // given two windows: one that will have come and gone, one that will be open
    String t1 = fixtures.tradableToken("founder-" + UUID.randomUUID());
    String t2 = fixtures.tradableToken("founder-" + UUID.randomUUID());
    Instant now = clock.instant();
    String gone =
        api.schedule(
            Api.window(
                List.of(t1), "continuous", now.plusSeconds(60), now.plus(Duration.ofMinutes(10))));
    String running =
        api.schedule(
            Api.window(
                List.of(t2), "continuous", now.plusSeconds(300), now.plus(Duration.ofHours(2))));

    // when the service comes back after 15 minutes and its clock ticks once
    clock.advance(Duration.ofMinutes(15));
    tick();

    // then the missed window opened and closed (both transitions for the matcher), the other opened
    assertThat(status(gone)).isEqualTo("closed");
    assertThat(events(gone, "window.opened")).isEqualTo(1);
    assertThat(events(gone, "window.closed")).isEqualTo(1);
    assertThat(commands(t1, "window.open")).isEqualTo(1);
    assertThat(commands(t1, "window.close")).isEqualTo(1);
    assertThat(status(running)).isEqualTo("open");
    assertThat(commands(t2, "window.close")).isZero();
  }

  @Test
  void shouldRunTheClosingAuctionPhasesAndAskForIndicativePrices() {
    String token = fixtures.tradableToken("founder-" + UUID.randomUUID());
    Instant opens = clock.instant().plus(Duration.ofMinutes(1));
    Map<String, Object> body =
        Api.window(
            List.of(token),
            "continuous_with_closing_auction",
            opens,
            opens.plus(Duration.ofMinutes(30)));
    body.put("callPhaseStarts", opens.plus(Duration.ofMinutes(20)).toString());
    String id = api.schedule(body);

    clock.advance(Duration.ofSeconds(61));
    tick();
    assertThat(commands(token, "window.call-phase")).isZero();
    assertThat(api.get("/liquidity/windows/" + id, Api.investor("i")).get("callPhase").asBoolean())
        .isFalse();

    // when the call phase starts
    clock.advance(Duration.ofMinutes(20));
    tick();

    // then it is announced, and every few seconds an indicative price is asked for
    assertThat(events(id, "window.call-phase-started")).isEqualTo(1);
    assertThat(commands(token, "window.call-phase")).isEqualTo(1);
    assertThat(api.get("/liquidity/windows/" + id, Api.investor("i")).get("callPhase").asBoolean())
        .isTrue();
    clock.advance(Duration.ofSeconds(3));
    tick();
    clock.advance(Duration.ofSeconds(1));
    tick();
    assertThat(commands(token, "window.indicate")).isEqualTo(1);
    clock.advance(Duration.ofSeconds(3));
    tick();
    assertThat(commands(token, "window.indicate")).isEqualTo(2);
  }

  @Test
  void shouldKnowWhenItsNextTickHasSomethingToDo() {
    // given a window with a closing auction, scheduled to open in a minute
    String token = fixtures.tradableToken("founder-" + UUID.randomUUID());
    Instant opens = clock.instant().plus(Duration.ofMinutes(1)).truncatedTo(ChronoUnit.SECONDS);
    Map<String, Object> body =
        Api.window(
            List.of(token),
            "continuous_with_closing_auction",
            opens,
            opens.plus(Duration.ofMinutes(30)));
    body.put("callPhaseStarts", opens.plus(Duration.ofMinutes(20)).toString());
    api.schedule(body);

    // then the next tick is due by its opening (other tests' windows may be due sooner)
    assertThat(nextDue()).isAfter(clock.instant()).isBeforeOrEqualTo(opens);

    // once open: by its call phase; once in the call phase: by the next indication
    clock.advance(Duration.ofSeconds(61));
    tick();
    assertThat(nextDue())
        .isAfter(clock.instant())
        .isBeforeOrEqualTo(opens.plus(Duration.ofMinutes(20)));
    clock.advance(Duration.ofMinutes(20));
    tick();
    assertThat(nextDue())
        .isAfter(clock.instant())
        .isBeforeOrEqualTo(clock.instant().plus(Duration.ofSeconds(3)));
  }

  private Instant nextDue() {
    return windowClock.nextDue().block(Duration.ofSeconds(10));
  }

  @Test
  void shouldLetOnlyOneInstanceDriveATransition() {
    // given a window due to open
    String token = fixtures.tradableToken("founder-" + UUID.randomUUID());
    Instant opens = clock.instant().plus(Duration.ofMinutes(1));
    String id =
        api.schedule(
            Api.window(List.of(token), "continuous", opens, opens.plus(Duration.ofHours(1))));
    clock.advance(Duration.ofSeconds(61));

    // when several instances tick at the same moment
    List<Integer> acted =
        Mono.zip(
                List.of(
                    windowClock.tick().subscribeOn(Schedulers.parallel()),
                    windowClock.tick().subscribeOn(Schedulers.parallel()),
                    windowClock.tick().subscribeOn(Schedulers.parallel())),
                results -> List.of(results))
            .block(Duration.ofSeconds(30))
            .stream()
            .map(Integer.class::cast)
            .toList();

    // then the window opened exactly once
    assertThat(acted).isNotEmpty();
    assertThat(status(id)).isEqualTo("open");
    assertThat(events(id, "window.opened")).isEqualTo(1);
    assertThat(commands(token, "window.open")).isEqualTo(1);
  }

  @Test
  void shouldOpenATokenThatBecomesTradableWhileItsWindowIsOpen() {
    // given an open window naming a token that does not exist yet, and one that does
    String known = fixtures.tradableToken("founder-" + UUID.randomUUID());
    String id = fixtures.openWindow(known, "late-token-placeholder-" + UUID.randomUUID());
    assertThat(status(id)).isEqualTo("open");
    String late =
        api.get("/liquidity/windows/" + id, Api.operator()).get("tokenIds").get(1).asString();
    assertThat(commands(late, "window.open")).isZero();

    // when the token is issued and listed (it gets that id in this test by registering it)
    fixtures.send(
        "listings.events.v1",
        "l-" + late,
        "equitoken.listings.token.issued.v1",
        Map.of(
            "listingId",
            "l-" + late,
            "tokenId",
            late,
            "supply",
            1000,
            "price",
            1,
            "issuerPrincipalId",
            "founder-late",
            "issuedAt",
            clock.instant().toString()));
    fixtures.send(
        "listings.events.v1",
        "l-" + late,
        "equitoken.listings.listing.published.v1",
        Map.of(
            "listingId", "l-" + late, "tokenId", late, "publishedAt", clock.instant().toString()));

    // then it is registered and joins the open window
    fixtures.awaitRows("select count(*) from window_token where token_id = '" + late + "'", 1);
    assertThat(commands(late, "token.register")).isEqualTo(1);
    assertThat(commands(late, "window.open")).isEqualTo(1);
  }

  private String status(String windowId) {
    return api.get("/liquidity/windows/" + windowId, Api.operator()).get("status").asString();
  }

  private long events(String key, String name) {
    return count(
        "select count(*) from outbox_event where topic = 'trading.events.v1' and event_key = $1"
            + " and event_type = $2",
        key,
        "equitoken.trading." + name + ".v1");
  }

  private long commands(String token, String name) {
    return count(
        "select count(*) from outbox_event where topic = 'trading.orders.v1' and event_key = $1"
            + " and event_type = $2",
        token,
        "equitoken.trading.command." + name + ".v1");
  }
}
