package io.equitoken.trading.service.window;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.RefusedException;
import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import io.equitoken.trading.service.controls.ControlsStore;
import io.equitoken.trading.service.controls.OperatorAction;
import io.equitoken.trading.service.kernel.TradingMessage;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/** Schedules and cancels windows; the clock ({@link WindowClock}) moves them on time. */
public final class WindowService {

  /** Serialises scheduling, so two concurrent requests cannot both pass the overlap check. */
  static final String SCHEDULE_LOCK = "trading.window-schedule";

  private final WindowStore store;
  private final WindowRules rules;
  private final EventPublisher<TradingMessage> messages;
  private final Transactions transactions;
  private final TransactionLocks locks;
  private final Clock clock;
  private final Supplier<UUID> ids;
  private final Runnable scheduled;

  /**
   * {@code scheduled} runs after each window is stored (the clock's driver then knows its opening
   * time at once).
   */
  private final ControlsStore audit;

  public WindowService(
      WindowStore store,
      WindowRules rules,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      TransactionLocks locks,
      Clock clock,
      Supplier<UUID> ids,
      Runnable scheduled,
      ControlsStore audit) {
    this.store = store;
    this.rules = rules;
    this.messages = messages;
    this.transactions = transactions;
    this.locks = locks;
    this.clock = clock;
    this.ids = ids;
    this.scheduled = scheduled;
    this.audit = audit;
  }

  public Mono<LiquidityWindow> schedule(String operatorId, WindowRequest request) {
    return Mono.defer(
        () -> {
          Instant now = now();
          rules.check(request, now);
          LiquidityWindow window = LiquidityWindow.scheduled(ids.get(), request, operatorId, now);
          return transactions
              .inTransaction(
                  locks
                      .lock(SCHEDULE_LOCK)
                      .then(
                          store
                              .overlapping(request.opens(), request.closes(), request.tokenIds())
                              .next()
                              .flatMap(other -> Mono.<LiquidityWindow>error(overlap(other)))
                              .switchIfEmpty(Mono.defer(() -> insert(window)))))
              .doOnSuccess(stored -> scheduled.run());
        });
  }

  private Mono<LiquidityWindow> insert(LiquidityWindow w) {
    var event =
        new WindowEvents.Scheduled(
            w.id().toString(),
            w.tokenIds(),
            w.mechanism().wire(),
            w.opens(),
            w.closes(),
            w.callPhaseStarts(),
            w.priceBand(),
            w.createdAt());
    return store.insert(w).then(messages.publish(event)).thenReturn(w);
  }

  /** Cancels a scheduled window (an operator's, audited); once it opened that is a 409. */
  public Mono<LiquidityWindow> cancel(UUID id, String reason, String operatorId) {
    return transactions.inTransaction(
        locks
            .lock(WindowClock.LOCK)
            .then(get(id))
            .flatMap(
                w -> {
                  if (w.status() != WindowStatus.SCHEDULED) {
                    return Mono.error(
                        Refusal.conflict(
                                "window-not-cancellable",
                                "Expected window to be scheduled, but it is " + w.status().wire())
                            .exception());
                  }
                  Instant now = now();
                  return store
                      .transition(id, WindowStatus.SCHEDULED, WindowStatus.CANCELLED, now, reason)
                      .then(
                          audit.record(
                              new OperatorAction(
                                  ids.get(),
                                  "window.cancel",
                                  "window",
                                  id.toString(),
                                  null,
                                  operatorId,
                                  reason,
                                  Map.of("tokenIds", w.tokenIds()),
                                  now)))
                      .then(
                          messages.publish(
                              new WindowEvents.Cancelled(id.toString(), w.tokenIds(), reason, now)))
                      .then(store.find(id));
                }));
  }

  public Mono<LiquidityWindow> get(UUID id) {
    return store
        .find(id)
        .switchIfEmpty(
            Mono.error(
                () -> Refusal.notFound("window-not-found", "No window with id " + id).exception()));
  }

  private static RefusedException overlap(LiquidityWindow other) {
    return Refusal.conflict(
            "window-overlap",
            "Expected no other window covering the same token at the same time, but window "
                + other.id()
                + " ("
                + other.opens()
                + " to "
                + other.closes()
                + ") does")
        .withField("tokenIds")
        .exception();
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
