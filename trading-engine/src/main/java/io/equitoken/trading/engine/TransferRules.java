package io.equitoken.trading.engine;

import java.util.Set;
import java.util.TreeSet;

/**
 * One version of a token's transfer rules, every one optional (null or empty = no such rule).
 * Quantities are lots; {@code lockupDays} counts whole days of 86 400 000 ms after the acquisition.
 * The token's issuer is exempt from all of them but {@code minOrderLots} (see {@link RuleBook}).
 *
 * @param maxHolders most investors that may hold the token at once (the issuer is not counted)
 * @param maxNonAccreditedHolders most holders without accredited status
 * @param accreditedOnly only accredited investors may buy
 * @param allowedJurisdictions when not empty, only buyers whose KYC country is listed may buy
 * @param blockedJurisdictions buyers whose KYC country is listed may not buy
 * @param maxHoldingLots most lots one investor may hold, open buy orders counted at acceptance
 * @param lockupDays lots bought from the issuer (and, with {@code lockupAllPurchases}, any lots
 *     bought) cannot be sold before this many days after their acquisition
 * @param lockupAllPurchases the lock-up applies to every purchase, not only primary ones
 * @param minOrderLots smallest order quantity accepted
 */
public record TransferRules(
    Long maxHolders,
    Long maxNonAccreditedHolders,
    boolean accreditedOnly,
    Set<String> allowedJurisdictions,
    Set<String> blockedJurisdictions,
    Long maxHoldingLots,
    Long lockupDays,
    boolean lockupAllPurchases,
    Long minOrderLots) {

  public static final long DAY_MILLIS = 86_400_000L;

  /** No rule at all: what every token starts with. */
  public static final TransferRules NONE =
      new TransferRules(null, null, false, Set.of(), Set.of(), null, null, false, null);

  public TransferRules {
    allowedJurisdictions = sorted(allowedJurisdictions);
    blockedJurisdictions = sorted(blockedJurisdictions);
    requireNonNegative(maxHolders, "maxHolders");
    requireNonNegative(maxNonAccreditedHolders, "maxNonAccreditedHolders");
    requireNonNegative(maxHoldingLots, "maxHoldingLots");
    requireNonNegative(lockupDays, "lockupDays");
    requireNonNegative(minOrderLots, "minOrderLots");
  }

  /** True when no rule is set, so the engine may skip every check. */
  public boolean isNone() {
    return equals(NONE);
  }

  /** Does a buyer of this country (null = unknown) pass the jurisdiction rules? */
  public boolean admitsJurisdiction(String country) {
    if (!allowedJurisdictions.isEmpty()
        && (country == null || !allowedJurisdictions.contains(country))) {
      return false;
    }
    return country == null || !blockedJurisdictions.contains(country);
  }

  public long lockupMillis() {
    return lockupDays == null ? 0 : Math.multiplyExact(lockupDays, DAY_MILLIS);
  }

  private static Set<String> sorted(Set<String> countries) {
    return countries == null
        ? Set.of()
        : java.util.Collections.unmodifiableSortedSet(new TreeSet<>(countries));
  }

  private static void requireNonNegative(Long value, String name) {
    if (value != null && value < 0) {
      throw new IllegalArgumentException("Expected " + name + " >= 0, but it was " + value);
    }
  }
}
