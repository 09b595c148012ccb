package io.equitoken.trading.engine;

import java.util.List;
import java.util.Objects;

/**
 * The rules part of {@link EngineState}: the clock, the rules in force and the scheduled version,
 * what is known of each owner and every owner's lots by acquisition. Canonical: investors sorted by
 * owner, each owner's lots oldest first, owners with nothing known or held omitted.
 */
public record RulesState(
    long nowMillis,
    long version,
    TransferRules rules,
    long effectiveAtMillis,
    long scheduledVersion,
    TransferRules scheduled,
    long scheduledAtMillis,
    List<Investor> investors,
    List<Lot> lots) {

  public static final RulesState EMPTY =
      new RulesState(0, 0, TransferRules.NONE, 0, 0, null, 0, List.of(), List.of());

  public RulesState {
    Objects.requireNonNull(rules, "rules");
    investors = List.copyOf(investors);
    lots = List.copyOf(lots);
  }

  /** What the rules know of an owner. */
  public record Investor(long owner, String jurisdiction, boolean accredited, boolean issuer) {}

  /** Lots an owner acquired at one time in one way. */
  public record Lot(long owner, long atMillis, Acquisition acquisition, long lots) {}

  /** How lots arrived: which ones a lock-up applies to. */
  public enum Acquisition {
    /** Issuance or an operator's transfer in: never locked. */
    CREDIT,
    /** Bought from the token's issuer: locked while a lock-up is set. */
    PRIMARY,
    /** Bought from another investor: locked when the lock-up covers all purchases. */
    PURCHASE
  }
}
