package io.equitoken.trading.engine;

import java.util.List;
import java.util.Objects;

/**
 * The complete state of one token's engine as an immutable value: what a snapshot holds, what a
 * restore rebuilds from, and what {@link #hash()} covers. Canonical by construction, so equal
 * states of different implementations are equal values with equal hashes:
 *
 * <ul>
 *   <li>holdings sorted by owner, owners with nothing held or reserved omitted;
 *   <li>bids and asks each in priority order (best price first, then arrival), which is all that
 *       time priority needs; absolute sequence numbers are an implementation detail;
 *   <li>the transfer-rules state ({@link RulesState}) canonical in the same way.
 * </ul>
 */
public record EngineState(
    long issuePriceTicks,
    WindowPhase phase,
    PriceBand band,
    long lastTradePriceTicks,
    long lastTradeId,
    List<Holding> holdings,
    List<RestingOrder> bids,
    List<RestingOrder> asks,
    RulesState rules) {

  public EngineState {
    Objects.requireNonNull(rules, "rules");
    Objects.requireNonNull(phase, "phase");
    Objects.requireNonNull(band, "band");
    holdings = List.copyOf(holdings);
    bids = List.copyOf(bids);
    asks = List.copyOf(asks);
  }

  /** A state without any transfer-rules state (as written before rules existed). */
  public EngineState(
      long issuePriceTicks,
      WindowPhase phase,
      PriceBand band,
      long lastTradePriceTicks,
      long lastTradeId,
      List<Holding> holdings,
      List<RestingOrder> bids,
      List<RestingOrder> asks) {
    this(
        issuePriceTicks,
        phase,
        band,
        lastTradePriceTicks,
        lastTradeId,
        holdings,
        bids,
        asks,
        RulesState.EMPTY);
  }

  /** Owner → lots held, for owners holding any. */
  public java.util.Map<Long, Long> holdingLots() {
    java.util.Map<Long, Long> result = new java.util.TreeMap<>();
    holdings.forEach(h -> result.put(h.owner(), h.lots()));
    return result;
  }

  /** One owner's position in the token. */
  public record Holding(long owner, long lots, long reservedLots) {}

  /** One order on the book with its remaining quantity. */
  public record RestingOrder(long orderId, long owner, long priceTicks, long lots) {}

  /** Last trade price, else the issue price (the auction's reference price). */
  public long referencePriceTicks() {
    return lastTradePriceTicks > 0 ? lastTradePriceTicks : issuePriceTicks;
  }

  public long totalHoldingLots() {
    return holdings.stream().mapToLong(Holding::lots).sum();
  }

  public byte[] toBytes() {
    return EngineStateCodec.encode(this);
  }

  public static EngineState fromBytes(byte[] bytes) {
    return EngineStateCodec.decode(bytes);
  }

  /** 64-bit FNV-1a over the canonical encoding: stable across JVMs and implementations. */
  public long hash() {
    long h = 0xcbf29ce484222325L;
    for (byte b : toBytes()) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return h;
  }
}
