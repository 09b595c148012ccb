package io.equitoken.portfolio.holding;

import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The holding store as a map, for tests of the ledger's rules without a database. */
final class InMemoryHoldingStore implements HoldingStore {

  final TreeMap<Long, HoldingChange> changes = new TreeMap<>();
  final Map<Long, BigDecimal> costs = new TreeMap<>();
  HoldingChange current;
  BigDecimal currentCost;

  @Override
  public Mono<Boolean> insert(HoldingChange change) {
    return Mono.fromSupplier(() -> changes.putIfAbsent(change.sequence(), change) == null);
  }

  @Override
  public Mono<BigDecimal> costBefore(String ownerId, String tokenId, long sequence) {
    return Mono.fromSupplier(
        () -> {
          var before = changes.lowerKey(sequence);
          return before == null ? BigDecimal.ZERO : costs.get(before);
        });
  }

  @Override
  public Flux<HoldingChange> changesFrom(String ownerId, String tokenId, long sequence) {
    return Flux.defer(() -> Flux.fromIterable(changes.tailMap(sequence, true).values()));
  }

  @Override
  public Mono<Void> setCost(HoldingChange change, BigDecimal costBasis) {
    return Mono.fromRunnable(() -> costs.put(change.sequence(), costBasis));
  }

  @Override
  public Mono<Void> setCurrent(HoldingChange latest, BigDecimal costBasis) {
    return Mono.fromRunnable(
        () -> {
          if (current == null || current.sequence() <= latest.sequence()) {
            current = latest;
            currentCost = costBasis;
          }
        });
  }
}
