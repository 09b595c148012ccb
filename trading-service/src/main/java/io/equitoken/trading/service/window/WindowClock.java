package io.equitoken.trading.service.window;

import io.equitoken.trading.service.kernel.Outbox;
import io.equitoken.trading.service.kernel.Transactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Moves windows on time. Each {@link #tick()} is one transaction holding a transaction-scoped
 * advisory lock, so exactly one instance drives the clock at a time; every transition is a
 * conditional status update, its event and its per-token commands written together through the
 * outbox. A tick after downtime catches up: it opens what should be open and closes what should be
 * closed (a window missed entirely opens and closes in the same tick, so the matcher still sees
 * both).
 */
public final class WindowClock {

  public static final String LOCK = "trading.window-clock";

  private final WindowStore store;
  private final TradableTokens tokens;
  private final Outbox outbox;
  private final Transactions transactions;
  private final Clock clock;
  private final Duration indicateEvery;

  public WindowClock(
      WindowStore store,
      TradableTokens tokens,
      Outbox outbox,
      Transactions transactions,
      Clock clock,
      Duration indicateEvery) {
    this.store = store;
    this.tokens = tokens;
    this.outbox = outbox;
    this.transactions = transactions;
    this.clock = clock;
    this.indicateEvery = indicateEvery;
  }

  /** Answers the number of windows acted on, or 0 when another instance holds the clock. */
  public Mono<Integer> tick() {
    return Mono.defer(
        () -> {
          Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
          return transactions.inTransaction(
              transactions
                  .tryLock(LOCK)
                  .flatMap(
                      mine ->
                          mine
                              ? store
                                  .due(now, now.minus(indicateEvery))
                                  .concatMap(w -> advance(w, now).thenReturn(1))
                                  .count()
                                  .map(Long::intValue)
                              : Mono.just(0)));
        });
  }

  private Mono<Void> advance(LiquidityWindow w, Instant now) {
    if (w.status() == WindowStatus.SCHEDULED) {
      Mono<Void> open = open(w, now);
      if (!w.closes().isAfter(now)) {
        return open.then(close(w, now));
      }
      if (w.mechanism() == Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION
          && !w.callPhaseStarts().isAfter(now)) {
        return open.then(callPhase(w, now));
      }
      return open;
    }
    if (!w.closes().isAfter(now)) {
      return close(w, now);
    }
    if (w.mechanism() == Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION
        && !w.inCallPhase()
        && !w.callPhaseStarts().isAfter(now)) {
      return callPhase(w, now);
    }
    return indicate(w, now);
  }

  private Mono<Void> open(LiquidityWindow w, Instant now) {
    Flux<String> candidates =
        w.coversEveryToken() ? tokens.tradable() : tokens.tradable().filter(w.tokenIds()::contains);
    return store
        .transition(w.id(), WindowStatus.SCHEDULED, WindowStatus.OPEN, now, null)
        .filter(Boolean::booleanValue)
        .flatMap(
            moved ->
                candidates
                    .collectList()
                    .flatMapMany(list -> store.addTokens(w.id(), list))
                    .concatMap(token -> openToken(w, token, w.opens()))
                    .then(
                        outbox.event(
                            w.id().toString(),
                            "window.opened",
                            new WindowEvents.Opened(
                                w.id().toString(),
                                w.tokenIds(),
                                w.mechanism().wire(),
                                w.opens(),
                                w.closes(),
                                w.callPhaseStarts(),
                                now))));
  }

  /** The commands that open one token in the window (and start its call phase if due). */
  static Mono<Void> openCommands(Outbox outbox, LiquidityWindow w, String token, Instant at) {
    String id = w.id().toString();
    Mono<Void> open =
        outbox.command(
            token,
            "window.open",
            new WindowEvents.Open(id, token, w.mechanism().openingPhase(), w.priceBand(), at));
    if (w.inCallPhase() && w.mechanism() == Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION) {
      return open.then(command(outbox, "window.call-phase", w, token, at));
    }
    return open;
  }

  private Mono<Void> openToken(LiquidityWindow w, String token, Instant at) {
    return openCommands(outbox, w, token, at);
  }

  private Mono<Void> callPhase(LiquidityWindow w, Instant now) {
    return store
        .startCallPhase(w.id())
        .then(store.indicated(w.id(), now))
        .thenMany(store.tokens(w.id()))
        .concatMap(t -> command(outbox, "window.call-phase", w, t, w.callPhaseStarts()))
        .then(
            outbox.event(
                w.id().toString(),
                "window.call-phase-started",
                new WindowEvents.CallPhaseStarted(
                    w.id().toString(), w.tokenIds(), w.closes(), now)));
  }

  private Mono<Void> close(LiquidityWindow w, Instant now) {
    return store
        .transition(w.id(), WindowStatus.OPEN, WindowStatus.CLOSED, now, null)
        .filter(Boolean::booleanValue)
        .flatMap(
            moved ->
                store
                    .tokens(w.id())
                    .concatMap(t -> command(outbox, "window.close", w, t, w.closes()))
                    .then(
                        outbox.event(
                            w.id().toString(),
                            "window.closed",
                            new WindowEvents.Closed(w.id().toString(), w.tokenIds(), now))));
  }

  private Mono<Void> indicate(LiquidityWindow w, Instant now) {
    boolean callPhase = w.inCallPhase() || w.mechanism() == Mechanism.CALL_AUCTION;
    if (!callPhase) {
      return Mono.empty();
    }
    return store
        .indicated(w.id(), now)
        .thenMany(store.tokens(w.id()))
        .concatMap(
            t ->
                outbox.command(
                    t,
                    "window.indicate",
                    new WindowEvents.WindowCommand(w.id().toString(), t, now)))
        .then();
  }

  private static Mono<Void> command(
      Outbox outbox, String name, LiquidityWindow w, String token, Instant at) {
    String id = w.id().toString();
    return outbox.command(token, name, new WindowEvents.WindowCommand(id, token, at));
  }

  /** Opens a token that became tradable in every open window covering it (late joiners). */
  public Mono<Void> tokenBecameTradable(String tokenId) {
    return transactions.inTransaction(
        transactions
            .lock(LOCK)
            .thenMany(store.openCovering(tokenId))
            .concatMap(
                w ->
                    store
                        .addTokens(w.id(), List.of(tokenId))
                        .concatMap(
                            t ->
                                openCommands(
                                    outbox, w, t, clock.instant().truncatedTo(ChronoUnit.MICROS))))
            .then());
  }
}
