package io.equitoken.trading.service.window;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import io.equitoken.trading.service.kernel.TradingMessage;
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
  private final EventPublisher<TradingMessage> messages;
  private final Transactions transactions;
  private final TransactionLocks locks;
  private final Clock clock;
  private final Duration indicateEvery;

  public WindowClock(
      WindowStore store,
      TradableTokens tokens,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      TransactionLocks locks,
      Clock clock,
      Duration indicateEvery) {
    this.store = store;
    this.tokens = tokens;
    this.messages = messages;
    this.transactions = transactions;
    this.locks = locks;
    this.clock = clock;
    this.indicateEvery = indicateEvery;
  }

  /** Answers the number of windows acted on, or 0 when another instance holds the clock. */
  public Mono<Integer> tick() {
    return Mono.defer(
        () -> {
          Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
          return transactions.inTransaction(
              locks
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

  /**
   * When the next tick has something to do: the earliest transition or indication due after now, or
   * empty when no window has one scheduled.
   */
  public Mono<Instant> nextDue() {
    return Mono.defer(() -> store.nextDue(clock.instant(), indicateEvery));
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
                        messages.publish(
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
  static Mono<Void> openCommands(
      EventPublisher<TradingMessage> messages, LiquidityWindow w, String token, Instant at) {
    String id = w.id().toString();
    Mono<Void> open =
        messages.publish(
            new WindowEvents.Open(id, token, w.mechanism().openingPhase(), w.priceBand(), at));
    if (w.inCallPhase() && w.mechanism() == Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION) {
      return open.then(messages.publish(new WindowEvents.CallPhase(id, token, at)));
    }
    return open;
  }

  private Mono<Void> openToken(LiquidityWindow w, String token, Instant at) {
    return openCommands(messages, w, token, at);
  }

  private Mono<Void> callPhase(LiquidityWindow w, Instant now) {
    return store
        .startCallPhase(w.id())
        .then(store.indicated(w.id(), now))
        .thenMany(store.tokens(w.id()))
        .concatMap(
            t ->
                messages.publish(
                    new WindowEvents.CallPhase(w.id().toString(), t, w.callPhaseStarts())))
        .then(
            messages.publish(
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
                    .concatMap(
                        t ->
                            messages.publish(
                                new WindowEvents.Close(w.id().toString(), t, w.closes())))
                    .then(
                        messages.publish(
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
        .concatMap(t -> messages.publish(new WindowEvents.Indicate(w.id().toString(), t, now)))
        .then();
  }

  /** Opens a token that became tradable in every open window covering it (late joiners). */
  public Mono<Void> tokenBecameTradable(String tokenId) {
    return transactions.inTransaction(
        locks
            .lock(LOCK)
            .thenMany(store.openCovering(tokenId))
            .concatMap(
                w ->
                    store
                        .addTokens(w.id(), List.of(tokenId))
                        .concatMap(
                            t ->
                                openCommands(
                                    messages,
                                    w,
                                    t,
                                    clock.instant().truncatedTo(ChronoUnit.MICROS))))
            .then());
  }
}
