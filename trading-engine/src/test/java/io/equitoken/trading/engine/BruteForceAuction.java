package io.equitoken.trading.engine;

import io.equitoken.trading.engine.EngineState.RestingOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The four clearing rules applied literally to every tick between the lowest and highest limit: the
 * oracle for the property tests, deliberately free of any cleverness about segments.
 */
final class BruteForceAuction {
  private BruteForceAuction() {}

  static Optional<AuctionIndication> clear(EngineState state) {
    long top = 0;
    for (RestingOrder o : state.bids()) {
      top = Math.max(top, o.priceTicks());
    }
    long from = Math.max(1, state.band().lowTicks());
    long to = Math.min(top, state.band().highTicks());
    List<long[]> ticks = new ArrayList<>(); // price, volume, surplus
    for (long p = from; p <= to; p++) {
      long supply = 0;
      for (RestingOrder o : state.asks()) {
        supply += o.priceTicks() <= p ? o.lots() : 0;
      }
      long d = 0;
      for (RestingOrder o : state.bids()) {
        d += o.priceTicks() >= p ? o.lots() : 0;
      }
      ticks.add(new long[] {p, Math.min(d, supply), d - supply});
    }
    long maxVolume = ticks.stream().mapToLong(t -> t[1]).max().orElse(0);
    if (maxVolume == 0) {
      return Optional.empty();
    }
    long minSurplus =
        ticks.stream()
            .filter(t -> t[1] == maxVolume)
            .mapToLong(t -> Math.abs(t[2]))
            .min()
            .orElse(0);
    List<long[]> best =
        ticks.stream().filter(t -> t[1] == maxVolume && Math.abs(t[2]) == minSurplus).toList();
    long[] chosen;
    if (best.stream().allMatch(t -> t[2] > 0)) {
      chosen = best.get(best.size() - 1);
    } else if (best.stream().allMatch(t -> t[2] < 0)) {
      chosen = best.get(0);
    } else {
      long ref = state.referencePriceTicks();
      chosen = best.get(0);
      for (long[] t : best) {
        if (Math.abs(t[0] - ref) < Math.abs(chosen[0] - ref)) {
          chosen = t;
        }
      }
    }
    return Optional.of(new AuctionIndication(chosen[0], chosen[1], chosen[2]));
  }
}
