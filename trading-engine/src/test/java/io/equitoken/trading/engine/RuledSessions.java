package io.equitoken.trading.engine;

import io.equitoken.trading.engine.EngineCommand.CreditHolding;
import io.equitoken.trading.engine.EngineCommand.ScheduleRules;
import io.equitoken.trading.engine.EngineCommand.SetClock;
import io.equitoken.trading.engine.EngineCommand.SetInvestor;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Random sessions under transfer rules: owner 1 is the issuer holding most of the supply, owners
 * 2–4 investors with random countries and accreditation; every command of {@link CommandSessions}
 * plus clock steps of 0–3 days, changed investor facts and new rules versions (some scheduled for
 * later). Clock steps and rule times are generated relative and made absolute here.
 */
public final class RuledSessions {
  static final long ISSUER = 1;
  private static final long DAY = TransferRules.DAY_MILLIS;

  private RuledSessions() {}

  public static Arbitrary<List<EngineCommand>> sessions(int maxLength) {
    return Combinators.combine(
            investor(2).list().ofSize(3),
            rules(),
            CommandSessions.open(),
            command().list().ofMinSize(maxLength / 4).ofMaxSize(maxLength))
        .as(
            (investors, first, open, rest) -> {
              List<EngineCommand> all = new ArrayList<>();
              all.add(new SetClock(DAY));
              all.add(new SetInvestor(ISSUER, "US", false, true));
              for (int i = 0; i < investors.size(); i++) {
                SetInvestor s = (SetInvestor) investors.get(i);
                all.add(new SetInvestor(i + 2, s.jurisdiction(), s.accredited(), false));
              }
              all.add(new CreditHolding(ISSUER, 100));
              all.add(new CreditHolding(2, 20));
              all.add(new CreditHolding(3, 10));
              all.add(new ScheduleRules(1, ((ScheduleRules) first).rules(), 0));
              all.add(open);
              long now = DAY;
              long version = 1;
              for (EngineCommand c : rest) {
                if (c instanceof SetClock step) {
                  now += step.atMillis();
                  all.add(new SetClock(now));
                } else if (c instanceof ScheduleRules r) {
                  all.add(new ScheduleRules(++version, r.rules(), now + r.effectiveAtMillis()));
                } else {
                  all.add(c);
                }
              }
              return all;
            });
  }

  @SuppressWarnings("unchecked")
  private static Arbitrary<EngineCommand> command() {
    return Arbitraries.frequencyOf(
        Tuple.of(45, CommandSessions.place()),
        Tuple.of(8, CommandSessions.amend()),
        Tuple.of(5, CommandSessions.cancel()),
        Tuple.of(4, Arbitraries.longs().between(1, 12).flatMap(CommandSessions::credit)),
        Tuple.of(2, CommandSessions.debit()),
        Tuple.of(3, CommandSessions.open()),
        Tuple.of(2, Arbitraries.just(new EngineCommand.StartCallPhase())),
        Tuple.of(3, Arbitraries.just(new EngineCommand.Uncross())),
        Tuple.of(2, Arbitraries.just(new EngineCommand.CloseWindow())),
        Tuple.of(
            8,
            Arbitraries.longs()
                .between(0, 3 * DAY)
                .map(d -> (EngineCommand) new SetClock(d - d % (DAY / 2)))),
        Tuple.of(3, investor(2)),
        Tuple.of(3, rules()));
  }

  private static Arbitrary<EngineCommand> investor(long minOwner) {
    return Combinators.combine(
            Arbitraries.longs().between(minOwner, CommandSessions.OWNERS),
            Arbitraries.of("US", "US", "DE", "FR", "none"),
            Arbitraries.of(true, false))
        .as((o, c, a) -> (EngineCommand) new SetInvestor(o, c.equals("none") ? null : c, a, false));
  }

  private static Arbitrary<EngineCommand> rules() {
    Arbitrary<Long> maxHolders = Arbitraries.longs().between(1, 3).injectNull(0.5);
    Arbitrary<Long> maxNonAccredited = Arbitraries.longs().between(0, 2).injectNull(0.6);
    Arbitrary<Boolean> accreditedOnly = Arbitraries.of(true, false, false, false, false, false);
    Arbitrary<Set<String>> allowed =
        Arbitraries.of(
            Set.<String>of(), Set.<String>of(), Set.<String>of(), Set.of("US"), Set.of("US", "DE"));
    Arbitrary<Set<String>> blocked =
        Arbitraries.of(Set.<String>of(), Set.<String>of(), Set.of("FR"));
    Arbitrary<Long> maxHolding = Arbitraries.longs().between(5, 40).injectNull(0.5);
    Arbitrary<Long> lockup = Arbitraries.longs().between(1, 4).injectNull(0.4);
    Arbitrary<Boolean> allPurchases = Arbitraries.of(true, false);
    Arbitrary<Long> minOrder = Arbitraries.longs().between(1, 3).injectNull(0.7);
    Arbitrary<TransferRules> rules =
        Combinators.combine(
                maxHolders,
                maxNonAccredited,
                accreditedOnly,
                allowed,
                blocked,
                maxHolding,
                lockup,
                allPurchases)
            .flatAs(
                (h, n, a, al, bl, mh, lk, ap) ->
                    minOrder.map(m -> new TransferRules(h, n, a, al, bl, mh, lk, ap, m)));
    Arbitrary<Long> later = Arbitraries.of(0L, 0L, DAY, 2 * DAY);
    return Combinators.combine(rules, later)
        .as((r, at) -> (EngineCommand) new ScheduleRules(0, r, at));
  }
}
