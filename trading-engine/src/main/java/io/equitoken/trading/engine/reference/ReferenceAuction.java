package io.equitoken.trading.engine.reference;

import io.equitoken.trading.engine.AuctionIndication;
import io.equitoken.trading.engine.Limits;
import io.equitoken.trading.engine.PriceBand;
import io.equitoken.trading.engine.Side;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The four clearing-price rules, evaluated naively. Volume and surplus are constant between
 * adjacent limit prices, so the best tick is always a limit, a neighbour of a limit, a band edge or
 * the reference price: evaluating just those candidates is exact.
 */
final class ReferenceAuction {
  private ReferenceAuction() {}

  static Optional<AuctionIndication> clear(List<RefOrder> orders, PriceBand band, long reference) {
    TreeSet<Long> candidates = new TreeSet<>();
    for (RefOrder o : orders) {
      candidates.add(o.price - 1);
      candidates.add(o.price);
      candidates.add(o.price + 1);
    }
    candidates.add(reference);
    candidates.add(band.lowTicks());
    candidates.add(band.highTicks());
    candidates.removeIf(p -> !band.contains(p) || !Limits.validPrice(p));

    long maxVolume = 0;
    for (long p : candidates) {
      maxVolume = Math.max(maxVolume, volume(orders, p));
    }
    if (maxVolume == 0) {
      return Optional.empty();
    }
    long minSurplus = Long.MAX_VALUE;
    for (long p : candidates) {
      if (volume(orders, p) == maxVolume) {
        minSurplus = Math.min(minSurplus, Math.abs(surplus(orders, p)));
      }
    }
    final long vMax = maxVolume;
    final long sMin = minSurplus;
    candidates.removeIf(p -> volume(orders, p) != vMax || Math.abs(surplus(orders, p)) != sMin);

    boolean allBuySurplus = candidates.stream().allMatch(p -> surplus(orders, p) > 0);
    boolean allSellSurplus = candidates.stream().allMatch(p -> surplus(orders, p) < 0);
    long price;
    if (allBuySurplus) {
      price = candidates.last();
    } else if (allSellSurplus) {
      price = candidates.first();
    } else {
      price = candidates.first();
      for (long p : candidates) { // ascending, so ties keep the lower price
        if (Math.abs(p - reference) < Math.abs(price - reference)) {
          price = p;
        }
      }
    }
    return Optional.of(new AuctionIndication(price, maxVolume, surplus(orders, price)));
  }

  static long demand(List<RefOrder> orders, long price) {
    return orders.stream()
        .filter(o -> o.side == Side.BUY && o.price >= price)
        .mapToLong(o -> o.lots)
        .sum();
  }

  static long supply(List<RefOrder> orders, long price) {
    return orders.stream()
        .filter(o -> o.side == Side.SELL && o.price <= price)
        .mapToLong(o -> o.lots)
        .sum();
  }

  private static long volume(List<RefOrder> orders, long price) {
    return Math.min(demand(orders, price), supply(orders, price));
  }

  private static long surplus(List<RefOrder> orders, long price) {
    return demand(orders, price) - supply(orders, price);
  }
}
