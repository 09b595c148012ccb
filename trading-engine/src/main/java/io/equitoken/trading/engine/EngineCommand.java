package io.equitoken.trading.engine;

import java.util.Objects;

/**
 * Everything that can change an engine's state. Prices are integer ticks and quantities integer
 * lots; {@link TokenSpec} converts from decimals at the edge.
 */
public sealed interface EngineCommand {

  /** A new limit order. Sell orders reserve their quantity from the owner's holding. */
  record PlaceOrder(
      long orderId, long owner, Side side, long priceTicks, long lots, TimeInForce timeInForce)
      implements EngineCommand {
    public PlaceOrder {
      Objects.requireNonNull(side, "side");
      Objects.requireNonNull(timeInForce, "timeInForce");
    }
  }

  /**
   * Withdraw a resting order; releases any reservation. {@code reason} is what its {@code
   * OrderCancelled} says: {@link CancelReason#OWNER_REQUEST} unless an operator's market control
   * withdrew it ({@link CancelReason#MARKET_HALTED}, {@link CancelReason#INVESTOR_FROZEN}).
   */
  record CancelOrder(long orderId, long owner, CancelReason reason) implements EngineCommand {
    public CancelOrder {
      Objects.requireNonNull(reason, "reason");
    }

    /** The owner's own cancel. */
    public CancelOrder(long orderId, long owner) {
      this(orderId, owner, CancelReason.OWNER_REQUEST);
    }
  }

  /**
   * Set a resting order's price and remaining quantity. Reducing the quantity at the same price
   * keeps time priority; a price move or a size increase re-queues the order (and in the continuous
   * phase may make it trade at once).
   */
  record AmendOrder(long orderId, long owner, long priceTicks, long lots)
      implements EngineCommand {}

  /** Lots arriving in an owner's holding: issuance or a transfer in. */
  record CreditHolding(long owner, long lots) implements EngineCommand {}

  /** Lots leaving an owner's holding (transfer out); only available lots can leave. */
  record DebitHolding(long owner, long lots) implements EngineCommand {}

  /** Open the window in the continuous or call phase, with an optional band. */
  record OpenWindow(WindowPhase phase, PriceBand band) implements EngineCommand {
    public OpenWindow {
      Objects.requireNonNull(phase, "phase");
      band = band == null ? PriceBand.NONE : band;
    }
  }

  /** Continuous → call phase: stop trading, keep collecting orders. */
  record StartCallPhase() implements EngineCommand {}

  /** Call → continuous phase: clear the auction at one price first. */
  record Uncross() implements EngineCommand {}

  /**
   * Close the window: uncross if in the call phase (unless {@code uncross} is false: a halted
   * market never clears), then expire every resting order.
   */
  record CloseWindow(boolean uncross) implements EngineCommand {
    public CloseWindow() {
      this(true);
    }
  }

  /**
   * The time of the command that follows, in epoch milliseconds, from the caller's command (never a
   * wall clock, so a replay repeats it). Time only moves forward; an earlier value is ignored. A
   * scheduled rules version whose time has come takes effect here. Yields no events.
   */
  record SetClock(long atMillis) implements EngineCommand {}

  /**
   * What the rules need to know of an owner: the KYC country (ISO 3166-1 alpha-2, null when
   * unknown), accredited status, and whether it is the token's issuer. Remembered until replaced.
   * Yields no events.
   */
  record SetInvestor(long owner, String jurisdiction, boolean accredited, boolean issuer)
      implements EngineCommand {}

  /**
   * A new version of the token's transfer rules, in force from {@code effectiveAtMillis} (at once
   * when that is not after the engine's clock). A version not above the current or scheduled one is
   * ignored; a newer scheduled one replaces the scheduled one. Yields no events.
   */
  record ScheduleRules(long version, TransferRules rules, long effectiveAtMillis)
      implements EngineCommand {
    public ScheduleRules {
      Objects.requireNonNull(rules, "rules");
    }
  }
}
