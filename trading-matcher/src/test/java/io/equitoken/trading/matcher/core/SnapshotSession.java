package io.equitoken.trading.matcher.core;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One token's session that leaves something in every member of a snapshot (open orders partly
 * filled at a decimal price, transfers, windows, rules, an indicative auction, a frozen investor),
 * then commands to continue with. The snapshot in {@code snapshots/token-book-tree-writer.json} was
 * written after {@link #before} by the tree writer the streaming one replaced.
 */
final class SnapshotSession {

  static final String TOKEN = "70c00000-0000-4000-8000-000000000777";

  private SnapshotSession() {}

  /** The commands before the snapshot, then (from index {@link #SPLIT}) those after it. */
  static List<MatcherCommand> commands() {
    Commands c = new Commands(TOKEN);
    List<MatcherCommand> all = new ArrayList<>();
    all.add(c.register("100000", "10.5"));
    all.add(
        c.rules(
            1,
            new MatcherCommand.Rules(
                null, null, false, Set.of(), Set.of("FR"), new BigDecimal("5000"), 1L, false, null),
            0));
    all.add(c.open("W1", "continuous", "20"));
    all.add(c.transfer("X1", Commands.ISSUER, "carol", "300"));
    all.add(c.place("S1", Commands.ISSUER, "W1", "sell", "250", "10.55"));
    all.add(c.place("B1", "alice", "W1", "buy", "100", "10.55", "DE", true));
    all.add(c.place("B2", "bob", "W1", "buy", "120", "10.6", "US", false));
    all.add(c.place("B3", "alice", "W1", "buy", "40", "10.2"));
    all.add(c.place("S2", "carol", "W1", "sell", "30", "10.9"));
    all.add(c.cancel("B3", "alice"));
    all.add(c.callPhase("W1"));
    all.add(c.place("S3", Commands.ISSUER, "W1", "sell", "60", "10.4"));
    all.add(c.place("B4", "bob", "W1", "buy", "70", "10.45"));
    all.add(c.indicate("W1"));
    all.add(c.freeze("carol"));
    // the snapshot is taken here
    all.add(c.place("B5", "alice", "W1", "buy", "15", "10.5"));
    all.add(c.indicate("W1"));
    all.add(c.unfreeze("carol"));
    all.add(c.close("W1"));
    all.add(c.open("W2", "continuous", null));
    all.add(c.place("S4", "carol", "W2", "sell", "5", "10.7"));
    all.add(c.place("B6", "bob", "W2", "buy", "5", "10.7"));
    all.add(c.transfer("X2", "bob", "alice", "1"));
    return all;
  }

  static final int SPLIT = 15;
}
