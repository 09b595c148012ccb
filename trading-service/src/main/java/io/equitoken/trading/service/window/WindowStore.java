package io.equitoken.trading.service.window;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Port: where windows, the tokens they were opened for and their auction state are kept. */
public interface WindowStore {

  Mono<Void> insert(LiquidityWindow window);

  Mono<LiquidityWindow> find(UUID id);

  /** Windows matching the filter, by {@code opens} then id, after the given key (or from start). */
  Flux<LiquidityWindow> page(WindowFilter filter, Instant afterOpens, UUID afterId, int limit);

  /** Scheduled or open windows overlapping {@code [opens, closes)} that share a token. */
  Flux<LiquidityWindow> overlapping(Instant opens, Instant closes, List<String> tokenIds);

  /** Scheduled or open windows with a transition or an indication due at {@code now}. */
  Flux<LiquidityWindow> due(Instant now, Instant indicateBefore);

  /**
   * The earliest instant after {@code after} at which a transition or an indication (every {@code
   * indicateEvery} in a call phase) falls due, or empty when no window has one scheduled.
   */
  Mono<Instant> nextDue(Instant after, Duration indicateEvery);

  /** Moves the window from one status to the next; false if it was no longer in {@code from}. */
  Mono<Boolean> transition(UUID id, WindowStatus from, WindowStatus to, Instant at, String reason);

  Mono<Void> startCallPhase(UUID id);

  Mono<Void> indicated(UUID id, Instant at);

  /** Records that the window opened for these tokens; answers those not recorded before. */
  Flux<String> addTokens(UUID id, List<String> tokenIds);

  Flux<String> tokens(UUID id);

  /** Open windows that cover the token by their own list or because they cover every token. */
  Flux<LiquidityWindow> openCovering(String tokenId);

  /** The open window that was opened for the token, if any (the order gate). */
  Mono<LiquidityWindow> openFor(String tokenId);

  Flux<Indicative> indicative(UUID windowId);
}
