package io.equitoken.trading.service.window;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import io.equitoken.trading.service.kernel.TradingMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The window clock's ports kept in maps: windows by id with the tokens they opened for, the
 * tradable tokens, the messages published in order, and a lock another instance may hold.
 */
public final class WindowBooks
    implements WindowStore,
        TradableTokens,
        EventPublisher<TradingMessage>,
        TransactionLocks,
        Transactions {

  public final Map<UUID, LiquidityWindow> windows = new LinkedHashMap<>();
  public final Map<UUID, TreeSet<String>> opened = new LinkedHashMap<>();
  public final List<String> tradable = new ArrayList<>();
  public final List<TradingMessage> published = new ArrayList<>();
  public boolean heldElsewhere;
  public int transactions;

  // --- WindowStore

  @Override
  public Mono<Void> insert(LiquidityWindow window) {
    return Mono.fromRunnable(() -> windows.put(window.id(), window));
  }

  @Override
  public Mono<LiquidityWindow> find(UUID id) {
    return Mono.justOrEmpty(windows.get(id));
  }

  @Override
  public Flux<LiquidityWindow> page(
      WindowFilter filter, Instant afterOpens, UUID afterId, int limit) {
    return Flux.fromIterable(sorted()).take(limit);
  }

  @Override
  public Flux<LiquidityWindow> overlapping(Instant opens, Instant closes, List<String> tokenIds) {
    return Flux.empty();
  }

  /** As the SQL store: scheduled and due to open, or open with a transition or indication due. */
  @Override
  public Flux<LiquidityWindow> due(Instant now, Instant before) {
    return Flux.defer(
        () ->
            Flux.fromIterable(
                sorted().stream()
                    .filter(
                        w ->
                            (w.status() == WindowStatus.SCHEDULED && !w.opens().isAfter(now))
                                || (w.status() == WindowStatus.OPEN
                                    && (!w.closes().isAfter(now)
                                        || (w.mechanism()
                                                == Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION
                                            && !w.inCallPhase()
                                            && !w.callPhaseStarts().isAfter(now))
                                        || ((w.inCallPhase()
                                                || w.mechanism() == Mechanism.CALL_AUCTION)
                                            && (w.lastIndicatedAt() == null
                                                || !w.lastIndicatedAt().isAfter(before))))))
                    .toList()));
  }

  @Override
  public Mono<Instant> nextDue(Instant after, Duration indicateEvery) {
    return Mono.fromSupplier(
            () -> {
              List<Instant> due = new ArrayList<>();
              for (LiquidityWindow w : windows.values()) {
                if (w.status() == WindowStatus.SCHEDULED) {
                  due.add(w.opens());
                } else if (w.status() == WindowStatus.OPEN) {
                  due.add(w.closes());
                  if (w.mechanism() == Mechanism.CONTINUOUS_WITH_CLOSING_AUCTION
                      && !w.inCallPhase()) {
                    due.add(w.callPhaseStarts());
                  }
                  if (w.inCallPhase() || w.mechanism() == Mechanism.CALL_AUCTION) {
                    Instant last = w.lastIndicatedAt() == null ? after : w.lastIndicatedAt();
                    due.add(last.plus(indicateEvery));
                  }
                }
              }
              return due.stream().filter(t -> t.isAfter(after)).min(Comparator.naturalOrder());
            })
        .flatMap(Mono::justOrEmpty);
  }

  @Override
  public Mono<Boolean> transition(
      UUID id, WindowStatus from, WindowStatus to, Instant at, String reason) {
    return Mono.fromSupplier(
        () -> {
          LiquidityWindow w = windows.get(id);
          if (w == null || w.status() != from) {
            return false;
          }
          windows.put(id, with(w, to, w.inCallPhase(), w.lastIndicatedAt()));
          return true;
        });
  }

  @Override
  public Mono<Void> startCallPhase(UUID id) {
    return Mono.fromRunnable(
        () ->
            windows.computeIfPresent(id, (k, w) -> with(w, w.status(), true, w.lastIndicatedAt())));
  }

  @Override
  public Mono<Void> indicated(UUID id, Instant at) {
    return Mono.fromRunnable(
        () -> windows.computeIfPresent(id, (k, w) -> with(w, w.status(), w.inCallPhase(), at)));
  }

  @Override
  public Flux<String> addTokens(UUID id, List<String> tokenIds) {
    return Flux.defer(
        () -> {
          TreeSet<String> known = opened.computeIfAbsent(id, k -> new TreeSet<>());
          return Flux.fromIterable(tokenIds.stream().filter(known::add).toList());
        });
  }

  @Override
  public Flux<String> tokens(UUID id) {
    return Flux.defer(
        () -> Flux.fromIterable(List.copyOf(opened.getOrDefault(id, new TreeSet<>()))));
  }

  @Override
  public Flux<LiquidityWindow> openCovering(String tokenId) {
    return Flux.defer(
        () ->
            Flux.fromIterable(
                sorted().stream()
                    .filter(w -> w.status() == WindowStatus.OPEN)
                    .filter(w -> w.coversEveryToken() || w.tokenIds().contains(tokenId))
                    .toList()));
  }

  @Override
  public Mono<LiquidityWindow> openFor(String tokenId) {
    return Flux.fromIterable(sorted())
        .filter(w -> w.status() == WindowStatus.OPEN)
        .filter(w -> opened.getOrDefault(w.id(), new TreeSet<>()).contains(tokenId))
        .next();
  }

  @Override
  public Flux<Indicative> indicative(UUID windowId) {
    return Flux.empty();
  }

  // --- TradableTokens

  @Override
  public Flux<String> tradable() {
    return Flux.defer(() -> Flux.fromIterable(List.copyOf(tradable)));
  }

  // --- EventPublisher

  @Override
  public Mono<Void> publish(TradingMessage message) {
    return Mono.fromRunnable(() -> published.add(message));
  }

  // --- TransactionLocks and Transactions

  @Override
  public Mono<Void> lock(String name) {
    return Mono.empty();
  }

  @Override
  public Mono<Boolean> tryLock(String name) {
    return Mono.fromSupplier(() -> !heldElsewhere);
  }

  @Override
  public <T> Mono<T> inTransaction(Mono<T> work) {
    return Mono.defer(
        () -> {
          transactions++;
          return work;
        });
  }

  // --- helpers

  public LiquidityWindow window(UUID id) {
    return windows.get(id);
  }

  public <T extends TradingMessage> List<T> published(Class<T> type) {
    return published.stream().filter(type::isInstance).map(type::cast).toList();
  }

  private List<LiquidityWindow> sorted() {
    return windows.values().stream()
        .sorted(Comparator.comparing(LiquidityWindow::opens).thenComparing(LiquidityWindow::id))
        .toList();
  }

  private static LiquidityWindow with(
      LiquidityWindow w, WindowStatus status, boolean inCallPhase, Instant lastIndicatedAt) {
    return new LiquidityWindow(
        w.id(),
        status,
        w.mechanism(),
        w.opens(),
        w.closes(),
        w.callPhaseStarts(),
        w.priceBand(),
        w.tokenIds(),
        inCallPhase,
        lastIndicatedAt,
        w.createdBy(),
        w.createdAt(),
        w.openedAt(),
        w.closedAt(),
        w.cancelledAt(),
        w.cancelReason());
  }
}
