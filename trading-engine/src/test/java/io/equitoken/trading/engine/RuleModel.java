package io.equitoken.trading.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.equitoken.trading.engine.EngineCommand.ScheduleRules;
import io.equitoken.trading.engine.EngineCommand.SetClock;
import io.equitoken.trading.engine.EngineCommand.SetInvestor;
import io.equitoken.trading.engine.EngineEvent.HoldingChanged;
import io.equitoken.trading.engine.EngineEvent.OrderAccepted;
import io.equitoken.trading.engine.EngineEvent.TradeExecuted;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An independent bookkeeper of what the rules speak about, fed with commands and the events they
 * produced, asserting that no event breaks the rules in force: every accepted order is at least the
 * minimum size, and every trade leaves the buyer eligible (accredited, country), within the maximum
 * holding, within the holder caps when it adds a holder, and sells only lots past their lock-up.
 */
final class RuleModel {
  private record Lot(long at, boolean primary, boolean purchase, long[] lots) {}

  private final Map<Long, SetInvestor> facts = new HashMap<>();
  private final Map<Long, Long> held = new HashMap<>();
  private final Map<Long, List<Lot>> lots = new HashMap<>();
  private TransferRules rules = TransferRules.NONE;
  private long version;
  private ScheduleRules scheduled;
  private long now;

  void before(EngineCommand command) {
    if (command instanceof SetClock c) {
      now = Math.max(now, c.atMillis());
    } else if (command instanceof SetInvestor s) {
      facts.put(s.owner(), s);
    } else if (command instanceof ScheduleRules s
        && s.version() > Math.max(version, scheduled == null ? 0 : scheduled.version())) {
      scheduled = s;
    }
    if (scheduled != null && scheduled.effectiveAtMillis() <= now) {
      rules = scheduled.rules();
      version = scheduled.version();
      scheduled = null;
    }
  }

  void after(List<EngineEvent> events) {
    for (EngineEvent e : events) {
      if (e instanceof OrderAccepted a && rules.minOrderLots() != null) {
        assertThat(a.lots()).as("minimum order size").isGreaterThanOrEqualTo(rules.minOrderLots());
      } else if (e instanceof HoldingChanged h) {
        if (h.deltaLots() > 0) {
          add(h.owner(), h.deltaLots(), false, false);
        } else {
          take(h.owner(), -h.deltaLots(), false);
        }
      } else if (e instanceof TradeExecuted t) {
        checkTrade(t);
        take(t.seller(), t.lots(), !issuer(t.seller()));
        add(t.buyer(), t.lots(), issuer(t.seller()), !issuer(t.seller()));
      }
    }
  }

  private void checkTrade(TradeExecuted t) {
    long buyer = t.buyer();
    if (!issuer(buyer)) {
      SetInvestor f = facts.get(buyer);
      String country = f == null ? null : f.jurisdiction();
      boolean accredited = f != null && f.accredited();
      if (rules.accreditedOnly()) {
        assertThat(accredited).as("accredited buyer %s", buyer).isTrue();
      }
      assertThat(rules.admitsJurisdiction(country)).as("buyer %s's country", buyer).isTrue();
      long after = heldBy(buyer) + t.lots();
      if (rules.maxHoldingLots() != null) {
        assertThat(after).as("holding of %s", buyer).isLessThanOrEqualTo(rules.maxHoldingLots());
      }
      if (heldBy(buyer) == 0) {
        boolean sellerLeaves = !issuer(t.seller()) && heldBy(t.seller()) == t.lots();
        if (!sellerLeaves && rules.maxHolders() != null) {
          assertThat(holders(false) + 1).as("holders").isLessThanOrEqualTo(rules.maxHolders());
        }
        boolean nonAccreditedLeaves = sellerLeaves && !accredited(t.seller());
        if (!accredited && !nonAccreditedLeaves && rules.maxNonAccreditedHolders() != null) {
          assertThat(holders(true) + 1)
              .as("non-accredited holders")
              .isLessThanOrEqualTo(rules.maxNonAccreditedHolders());
        }
      }
    }
    if (!issuer(t.seller())) {
      assertThat(heldBy(t.seller()) - locked(t.seller()))
          .as("lots of %s past lock-up", t.seller())
          .isGreaterThanOrEqualTo(t.lots());
    }
  }

  private boolean issuer(long owner) {
    SetInvestor f = facts.get(owner);
    return f != null && f.issuer();
  }

  private boolean accredited(long owner) {
    SetInvestor f = facts.get(owner);
    return f != null && f.accredited();
  }

  private long heldBy(long owner) {
    return held.getOrDefault(owner, 0L);
  }

  private long holders(boolean nonAccreditedOnly) {
    return held.entrySet().stream()
        .filter(e -> e.getValue() > 0 && !issuer(e.getKey()))
        .filter(e -> !nonAccreditedOnly || !accredited(e.getKey()))
        .count();
  }

  private boolean isLocked(Lot l) {
    if (rules.lockupDays() == null) {
      return false;
    }
    boolean covered = l.primary() || (l.purchase() && rules.lockupAllPurchases());
    return covered && now - l.at() < rules.lockupDays() * TransferRules.DAY_MILLIS;
  }

  private long locked(long owner) {
    return lots.getOrDefault(owner, List.of()).stream()
        .filter(this::isLocked)
        .mapToLong(l -> l.lots()[0])
        .sum();
  }

  private void add(long owner, long n, boolean primary, boolean purchase) {
    held.merge(owner, n, Long::sum);
    lots.computeIfAbsent(owner, o -> new ArrayList<>())
        .add(new Lot(now, primary, purchase, new long[] {n}));
  }

  private void take(long owner, long n, boolean unlockedFirst) {
    held.merge(owner, -n, Long::sum);
    List<Lot> own = lots.getOrDefault(owner, new ArrayList<>());
    long left = n;
    if (unlockedFirst) {
      for (Lot l : own) {
        if (!isLocked(l)) {
          long k = Math.min(left, l.lots()[0]);
          l.lots()[0] -= k;
          left -= k;
        }
      }
    }
    for (Lot l : own) {
      long k = Math.min(left, l.lots()[0]);
      l.lots()[0] -= k;
      left -= k;
    }
    own.removeIf(l -> l.lots()[0] == 0);
  }
}
