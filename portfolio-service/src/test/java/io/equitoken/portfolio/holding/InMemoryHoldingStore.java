package io.equitoken.portfolio.holding;

import io.equitoken.portfolio.holding.Refold.Costed;
import io.equitoken.portfolio.holding.Refold.History;
import io.equitoken.portfolio.holding.Refold.Start;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import reactor.core.publisher.Mono;

/**
 * The holding store as maps, for tests of the ledger's rules without a database; counts the calls,
 * each of which the real store makes one statement.
 */
final class InMemoryHoldingStore implements HoldingStore {

  /** An owner's holding of a token. */
  record Key(String ownerId, String tokenId) {
    static Key of(HoldingChange c) {
      return new Key(c.ownerId(), c.tokenId());
    }
  }

  final Map<Key, TreeMap<Long, HoldingChange>> changes = new HashMap<>();
  final Map<Key, TreeMap<Long, BigDecimal>> costs = new HashMap<>();
  final Map<Key, Costed> current = new HashMap<>();
  int calls;

  @Override
  public Mono<List<HoldingChange>> insertNew(List<HoldingChange> batch) {
    return Mono.fromSupplier(
        () -> {
          calls++;
          List<HoldingChange> fresh = new ArrayList<>();
          for (HoldingChange c : batch) {
            var stored = changes.computeIfAbsent(Key.of(c), k -> new TreeMap<>());
            if (stored.putIfAbsent(c.sequence(), c) == null) {
              costs
                  .computeIfAbsent(Key.of(c), k -> new TreeMap<>())
                  .put(c.sequence(), BigDecimal.ZERO);
              fresh.add(c);
            }
          }
          return fresh;
        });
  }

  @Override
  public Mono<List<History>> historiesFrom(List<Start> starts) {
    return Mono.fromSupplier(
        () -> {
          calls++;
          List<History> out = new ArrayList<>();
          for (Start s : starts) {
            Key key = new Key(s.ownerId(), s.tokenId());
            var before = costs.getOrDefault(key, new TreeMap<>()).lowerEntry(s.sequence());
            out.add(
                new History(
                    s.ownerId(),
                    s.tokenId(),
                    before == null ? BigDecimal.ZERO : before.getValue(),
                    List.copyOf(
                        changes
                            .getOrDefault(key, new TreeMap<>())
                            .tailMap(s.sequence(), true)
                            .values())));
          }
          return out;
        });
  }

  @Override
  public Mono<Void> setCosts(List<Costed> refolded) {
    return Mono.fromRunnable(
        () -> {
          calls++;
          refolded.forEach(
              c -> costs.get(Key.of(c.change())).put(c.change().sequence(), c.costBasis()));
        });
  }

  @Override
  public Mono<Void> setCurrent(List<Costed> latest) {
    return Mono.fromRunnable(
        () -> {
          calls++;
          for (Costed c : latest) {
            current.merge(
                Key.of(c.change()),
                c,
                (old, now) -> old.change().sequence() <= now.change().sequence() ? now : old);
          }
        });
  }
}
