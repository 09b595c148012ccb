package io.equitoken.trading.engine;

import io.equitoken.trading.engine.EngineCommand.ScheduleRules;
import io.equitoken.trading.engine.EngineCommand.SetClock;
import io.equitoken.trading.engine.EngineCommand.SetInvestor;
import io.equitoken.trading.engine.RulesState.Acquisition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The transfer-rules state of one token's engine and its checks, shared by both engines so that
 * they judge every order and fill alike: the command clock, the rules in force (and the next
 * scheduled version), what is known of each owner (country, accredited, issuer), and each owner's
 * lots by acquisition, oldest first, which is what a lock-up needs.
 *
 * <p>Holders are owners other than the issuer with lots. The issuer is exempt from every rule but
 * the minimum order size, as seller and as buyer, and is never counted as a holder. Sales take
 * unlocked lots oldest first (locked lots stay until they unlock); operator debits take the oldest
 * lots. Evaluation order: min order size, accredited only, jurisdiction, max holders, max
 * non-accredited holders, max holding, lock-up.
 */
public final class RuleBook {

  /** An owner as the rules see it: its facts, its lots held and how they were acquired. */
  public static final class Investor {
    final long owner;
    String jurisdiction;
    boolean accredited;
    boolean issuer;
    long held;
    final List<long[]> lots = new ArrayList<>(2); // {atMillis, acquisition ordinal, lots}

    Investor(long owner) {
      this.owner = owner;
    }

    boolean isHolder() {
      return held > 0 && !issuer;
    }

    Investor copy() {
      Investor c = new Investor(owner);
      c.jurisdiction = jurisdiction;
      c.accredited = accredited;
      c.issuer = issuer;
      c.held = held;
      lots.forEach(l -> c.lots.add(l.clone()));
      return c;
    }
  }

  private final Map<Long, Investor> investors = new TreeMap<>();
  private long now;
  private long version;
  private TransferRules rules = TransferRules.NONE;
  private boolean active; // rules != NONE, kept so that the fill path skips an equals
  private long effectiveAt;
  private long scheduledVersion;
  private TransferRules scheduled;
  private long scheduledAt;
  private long holders;
  private long nonAccreditedHolders;

  /** The owner's record, created on first sight (callers may keep it). */
  public Investor investor(long owner) {
    return investors.computeIfAbsent(owner, Investor::new);
  }

  public TransferRules rules() {
    return rules;
  }

  public long nowMillis() {
    return now;
  }

  public long holders() {
    return holders;
  }

  public long nonAccreditedHolders() {
    return nonAccreditedHolders;
  }

  /** Applies a clock, investor or rules command; false if {@code command} is none of them. */
  public boolean apply(EngineCommand command) {
    if (command instanceof SetClock c) {
      if (c.atMillis() > now) {
        now = c.atMillis();
      }
      activateDue();
    } else if (command instanceof SetInvestor s) {
      Investor i = investor(s.owner());
      uncount(i);
      i.jurisdiction = s.jurisdiction();
      i.accredited = s.accredited();
      i.issuer = s.issuer();
      count(i);
    } else if (command instanceof ScheduleRules s) {
      if (s.version() <= Math.max(version, scheduledVersion)) {
        return true;
      }
      scheduledVersion = s.version();
      scheduled = s.rules();
      scheduledAt = s.effectiveAtMillis();
      activateDue();
    } else {
      return false;
    }
    return true;
  }

  private void activateDue() {
    if (scheduled != null && scheduledAt <= now) {
      version = scheduledVersion;
      rules = scheduled;
      active = !rules.isNone();
      effectiveAt = scheduledAt;
      scheduled = null;
      scheduledVersion = 0;
      scheduledAt = 0;
    }
  }

  // ---- acceptance -----------------------------------------------------------------------------

  /**
   * The rules an order must pass when it is accepted (or its size increased): the minimum order
   * size; for a buy the buyer's rules, counting {@code buyExposureLots} (the owner's open buy lots,
   * this order's included) against the maximum holding; for a sell the lock-up, the lots already
   * reserved by the owner's open sells ({@code reservedLots}, excluding this order) counted first.
   * Null when it passes.
   */
  public ReasonCode admits(
      Investor who, Side side, long orderLots, long buyExposureLots, long reservedLots) {
    TransferRules r = rules;
    if (!active) {
      return null;
    }
    if (r.minOrderLots() != null && orderLots < r.minOrderLots()) {
      return ReasonCode.RULE_MIN_ORDER_SIZE;
    }
    if (who.issuer) {
      return null;
    }
    if (side == Side.BUY) {
      ReasonCode facts = buyerFacts(r, who);
      if (facts != null) {
        return facts;
      }
      if (!who.isHolder()) {
        if (r.maxHolders() != null && holders >= r.maxHolders()) {
          return ReasonCode.RULE_MAX_HOLDERS;
        }
        if (!who.accredited
            && r.maxNonAccreditedHolders() != null
            && nonAccreditedHolders >= r.maxNonAccreditedHolders()) {
          return ReasonCode.RULE_MAX_NON_ACCREDITED_HOLDERS;
        }
      }
      if (r.maxHoldingLots() != null && who.held + buyExposureLots > r.maxHoldingLots()) {
        return ReasonCode.RULE_MAX_HOLDING;
      }
      return null;
    }
    return unlocked(who) - reservedLots < orderLots ? ReasonCode.RULE_LOCKUP : null;
  }

  /** The minimum-size rule alone (an amendment's new quantity). */
  public ReasonCode admitsSize(long orderLots) {
    return rules.minOrderLots() != null && orderLots < rules.minOrderLots()
        ? ReasonCode.RULE_MIN_ORDER_SIZE
        : null;
  }

  private static ReasonCode buyerFacts(TransferRules r, Investor who) {
    if (r.accreditedOnly() && !who.accredited) {
      return ReasonCode.RULE_ACCREDITED_ONLY;
    }
    if (!r.admitsJurisdiction(who.jurisdiction)) {
      return ReasonCode.RULE_JURISDICTION;
    }
    return null;
  }

  // ---- fills ----------------------------------------------------------------------------------

  /**
   * Would a fill of {@code lots} from seller to buyer break a rule now? Null if not; else the rule:
   * {@link ReasonCode#RULE_LOCKUP} is the seller's, every other one the buyer's.
   */
  public ReasonCode fillBreaks(Investor buyer, Investor seller, long lots) {
    TransferRules r = rules;
    if (!active) {
      return null;
    }
    if (!buyer.issuer) {
      ReasonCode facts = buyerFacts(r, buyer);
      if (facts != null) {
        return facts;
      }
      if (!buyer.isHolder()) {
        boolean sellerLeaves = seller.isHolder() && seller.held == lots;
        if (r.maxHolders() != null && holders + 1 - (sellerLeaves ? 1 : 0) > r.maxHolders()) {
          return ReasonCode.RULE_MAX_HOLDERS;
        }
        if (!buyer.accredited && r.maxNonAccreditedHolders() != null) {
          long leaving = sellerLeaves && !seller.accredited ? 1 : 0;
          if (nonAccreditedHolders + 1 - leaving > r.maxNonAccreditedHolders()) {
            return ReasonCode.RULE_MAX_NON_ACCREDITED_HOLDERS;
          }
        }
      }
      if (r.maxHoldingLots() != null && buyer.held + lots > r.maxHoldingLots()) {
        return ReasonCode.RULE_MAX_HOLDING;
      }
    }
    if (!seller.issuer && unlocked(seller) < lots) {
      return ReasonCode.RULE_LOCKUP;
    }
    return null;
  }

  /** Lots of the owner a sale may take now: those no lock-up holds. */
  public long unlocked(Investor who) {
    long lockup = rules.lockupMillis();
    if (lockup == 0 || who.issuer) {
      return who.held;
    }
    long locked = 0;
    for (long[] l : who.lots) {
      if (isLocked(l, lockup)) {
        locked += l[2];
      }
    }
    return who.held - locked;
  }

  private boolean isLocked(long[] lot, long lockupMillis) {
    if (lockupMillis == 0) {
      return false;
    }
    int kind = (int) lot[1];
    boolean covered =
        kind == Acquisition.PRIMARY.ordinal()
            || (kind == Acquisition.PURCHASE.ordinal() && rules.lockupAllPurchases());
    return covered && now - lot[0] < lockupMillis;
  }

  // ---- movements ------------------------------------------------------------------------------

  /** A fill: the seller's unlocked lots, oldest first, become the buyer's newest lots. */
  public void traded(Investor buyer, Investor seller, long lots) {
    take(seller, lots, true);
    add(buyer, lots, seller.issuer ? Acquisition.PRIMARY : Acquisition.PURCHASE);
  }

  /** Issuance or a transfer in. */
  public void credited(Investor who, long lots) {
    add(who, lots, Acquisition.CREDIT);
  }

  /** A transfer out: the oldest lots leave. */
  public void debited(Investor who, long lots) {
    take(who, lots, false);
  }

  private void add(Investor who, long lots, Acquisition how) {
    uncount(who);
    who.held += lots;
    long[] last = who.lots.isEmpty() ? null : who.lots.get(who.lots.size() - 1);
    if (last != null && last[0] == now && last[1] == how.ordinal()) {
      last[2] += lots;
    } else {
      who.lots.add(new long[] {now, how.ordinal(), lots});
    }
    count(who);
  }

  private void take(Investor who, long lots, boolean unlockedFirst) {
    uncount(who);
    who.held -= lots;
    long left = lots;
    long lockup = rules.lockupMillis();
    if (unlockedFirst && !who.issuer) {
      for (long[] l : who.lots) {
        if (left == 0) {
          break;
        }
        if (!isLocked(l, lockup)) {
          long n = Math.min(left, l[2]);
          l[2] -= n;
          left -= n;
        }
      }
    }
    for (long[] l : who.lots) {
      if (left == 0) {
        break;
      }
      long n = Math.min(left, l[2]);
      l[2] -= n;
      left -= n;
    }
    who.lots.removeIf(l -> l[2] == 0);
    count(who);
  }

  private void uncount(Investor i) {
    if (i.isHolder()) {
      holders--;
      if (!i.accredited) {
        nonAccreditedHolders--;
      }
    }
  }

  private void count(Investor i) {
    if (i.isHolder()) {
      holders++;
      if (!i.accredited) {
        nonAccreditedHolders++;
      }
    }
  }

  // ---- auction screening ------------------------------------------------------------------------

  /** One planned fill of an uncross, in allocation order. */
  public record PlannedFill(
      long buyOrderId, long buyer, long sellOrderId, long seller, long lots) {}

  /** The first planned fill that would break a rule, with the rule; see {@link #screen}. */
  public record Breach(PlannedFill fill, ReasonCode code) {
    /** The order to cancel: the seller's for a lock-up, else the buyer's. */
    public boolean sellerSide() {
      return code == ReasonCode.RULE_LOCKUP;
    }
  }

  /** An order of an uncross queue: buys or sells in allocation order. */
  public record Queued(long orderId, long owner, long lots) {}

  /**
   * The fills an uncross of {@code volume} makes from the front of both queues (each in allocation
   * order), as the engines execute them.
   */
  public static List<PlannedFill> plan(List<Queued> buys, List<Queued> sells, long volume) {
    List<PlannedFill> plan = new ArrayList<>();
    int b = 0;
    int s = 0;
    long buyLeft = buys.isEmpty() ? 0 : buys.get(0).lots();
    long sellLeft = sells.isEmpty() ? 0 : sells.get(0).lots();
    long remaining = volume;
    while (remaining > 0) {
      Queued buy = buys.get(b);
      Queued sell = sells.get(s);
      long lots = Math.min(remaining, Math.min(buyLeft, sellLeft));
      plan.add(new PlannedFill(buy.orderId(), buy.owner(), sell.orderId(), sell.owner(), lots));
      remaining -= lots;
      buyLeft -= lots;
      sellLeft -= lots;
      if (buyLeft == 0 && ++b < buys.size()) {
        buyLeft = buys.get(b).lots();
      }
      if (sellLeft == 0 && ++s < sells.size()) {
        sellLeft = sells.get(s).lots();
      }
    }
    return plan;
  }

  /**
   * Plays the fills of an uncross in allocation order on a copy of this state and answers the first
   * that would break a rule, or null when all of them pass. The engine cancels that order and
   * clears the auction again, until the plan passes.
   */
  public Breach screen(List<PlannedFill> plan) {
    if (!active) {
      return null;
    }
    RuleBook copy = copy();
    for (PlannedFill f : plan) {
      Investor buyer = copy.investor(f.buyer());
      Investor seller = copy.investor(f.seller());
      ReasonCode code = copy.fillBreaks(buyer, seller, f.lots());
      if (code != null) {
        return new Breach(f, code);
      }
      copy.traded(buyer, seller, f.lots());
    }
    return null;
  }

  private RuleBook copy() {
    RuleBook c = new RuleBook();
    investors.forEach((o, i) -> c.investors.put(o, i.copy()));
    c.now = now;
    c.version = version;
    c.rules = rules;
    c.active = active;
    c.effectiveAt = effectiveAt;
    c.scheduledVersion = scheduledVersion;
    c.scheduled = scheduled;
    c.scheduledAt = scheduledAt;
    c.holders = holders;
    c.nonAccreditedHolders = nonAccreditedHolders;
    return c;
  }

  // ---- snapshots ------------------------------------------------------------------------------

  public RulesState snapshot() {
    List<RulesState.Investor> known = new ArrayList<>();
    List<RulesState.Lot> lots = new ArrayList<>();
    Acquisition[] kinds = Acquisition.values();
    for (Investor i : investors.values()) {
      if (i.jurisdiction != null || i.accredited || i.issuer) {
        known.add(new RulesState.Investor(i.owner, i.jurisdiction, i.accredited, i.issuer));
      }
      for (long[] l : i.lots) {
        lots.add(new RulesState.Lot(i.owner, l[0], kinds[(int) l[1]], l[2]));
      }
    }
    return new RulesState(
        now, version, rules, effectiveAt, scheduledVersion, scheduled, scheduledAt, known, lots);
  }

  /**
   * Rebuilds the state; {@code holdings} (owner → lots) fills in owners whose lots a snapshot
   * written before rules existed does not list, as credited lots.
   */
  public void load(RulesState s, Map<Long, Long> holdings) {
    now = s.nowMillis();
    version = s.version();
    rules = s.rules();
    active = !rules.isNone();
    effectiveAt = s.effectiveAtMillis();
    scheduledVersion = s.scheduledVersion();
    scheduled = s.scheduled();
    scheduledAt = s.scheduledAtMillis();
    for (RulesState.Investor k : s.investors()) {
      Investor i = investor(k.owner());
      i.jurisdiction = k.jurisdiction();
      i.accredited = k.accredited();
      i.issuer = k.issuer();
    }
    for (RulesState.Lot l : s.lots()) {
      Investor i = investor(l.owner());
      i.held += l.lots();
      i.lots.add(new long[] {l.atMillis(), l.acquisition().ordinal(), l.lots()});
    }
    holdings.forEach(
        (owner, lots) -> {
          Investor i = investor(owner);
          if (i.held == 0 && lots > 0) {
            i.held = lots;
            i.lots.add(new long[] {0, Acquisition.CREDIT.ordinal(), lots});
          }
        });
    holders = 0;
    nonAccreditedHolders = 0;
    investors.values().forEach(this::count);
  }
}
