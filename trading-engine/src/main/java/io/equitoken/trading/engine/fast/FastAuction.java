package io.equitoken.trading.engine.fast;

import io.equitoken.trading.engine.PriceBand;
import java.util.Arrays;

/**
 * Clearing price in O(levels) over the already sorted book. Demand and supply are step functions
 * that only change at limit prices, so the tick axis splits into segments of constant volume and
 * surplus: each limit price, and the open gap between two neighbouring limits. The four rules are
 * evaluated per segment (clipped to the band), never per tick. Scratch arrays are reused.
 */
final class FastAuction {
  private long[] px = new long[256];
  private long[] bidQty = new long[256];
  private long[] askQty = new long[256];
  private long[] segLo = new long[512];
  private long[] segHi = new long[512];
  private long[] segDemand = new long[512];
  private long[] segSupply = new long[512];
  private int segments;

  long price;
  long volume;
  long surplus;

  /** Computes the clearing price into the fields; false when nothing can execute. */
  boolean clear(BookSide bids, BookSide asks, PriceBand band, long reference) {
    int n = mergePrices(bids, asks);
    buildSegments(n, band);
    long maxVolume = 0;
    for (int k = 0; k < segments; k++) {
      maxVolume = Math.max(maxVolume, Math.min(segDemand[k], segSupply[k]));
    }
    if (maxVolume == 0) {
      return false;
    }
    long minSurplus = Long.MAX_VALUE;
    for (int k = 0; k < segments; k++) {
      if (Math.min(segDemand[k], segSupply[k]) == maxVolume) {
        minSurplus = Math.min(minSurplus, Math.abs(segDemand[k] - segSupply[k]));
      }
    }
    boolean allBuySide = true;
    boolean allSellSide = true;
    int first = -1;
    int last = -1;
    for (int k = 0; k < segments; k++) {
      if (isCandidate(k, maxVolume, minSurplus)) {
        long s = segDemand[k] - segSupply[k];
        allBuySide &= s > 0;
        allSellSide &= s < 0;
        first = first < 0 ? k : first;
        last = k;
      }
    }
    if (allBuySide) {
      choose(segHi[last], last);
    } else if (allSellSide) {
      choose(segLo[first], first);
    } else {
      chooseNearest(reference, maxVolume, minSurplus);
    }
    volume = maxVolume;
    return true;
  }

  private void chooseNearest(long reference, long maxVolume, long minSurplus) {
    long bestDistance = Long.MAX_VALUE;
    for (int k = 0; k < segments; k++) {
      if (isCandidate(k, maxVolume, minSurplus)) {
        long p = Math.max(segLo[k], Math.min(segHi[k], reference));
        long distance = Math.abs(p - reference);
        if (distance < bestDistance) { // ascending segments: a tie keeps the lower price
          bestDistance = distance;
          choose(p, k);
        }
      }
    }
  }

  private boolean isCandidate(int k, long maxVolume, long minSurplus) {
    return Math.min(segDemand[k], segSupply[k]) == maxVolume
        && Math.abs(segDemand[k] - segSupply[k]) == minSurplus;
  }

  private void choose(long p, int segment) {
    price = p;
    surplus = segDemand[segment] - segSupply[segment];
  }

  /** Distinct limit prices ascending, with the bid and ask quantity at each. */
  private int mergePrices(BookSide bids, BookSide asks) {
    int i = 0;
    int j = asks.size() - 1; // asks are stored highest price first
    int n = 0;
    while (i < bids.size() || j >= 0) {
      if (i < bids.size() && bids.at(i).head == null) {
        i++; // emptied level awaiting compaction
        continue;
      }
      if (j >= 0 && asks.at(j).head == null) {
        j--;
        continue;
      }
      ensure(n + 1);
      long bp = i < bids.size() ? bids.at(i).price : Long.MAX_VALUE;
      long ap = j >= 0 ? asks.at(j).price : Long.MAX_VALUE;
      px[n] = Math.min(bp, ap);
      bidQty[n] = bp <= ap ? bids.at(i++).totalLots : 0;
      askQty[n] = ap <= bp ? asks.at(j--).totalLots : 0;
      n++;
    }
    // Cumulate in place: bidQty becomes demand at or above px, askQty supply at or below px.
    for (int k = n - 2; k >= 0; k--) {
      bidQty[k] += bidQty[k + 1];
    }
    for (int k = 1; k < n; k++) {
      askQty[k] += askQty[k - 1];
    }
    return n;
  }

  private void buildSegments(int n, PriceBand band) {
    segments = 0;
    for (int k = 0; k < n; k++) {
      addSegment(px[k], px[k], bidQty[k], askQty[k], band);
      if (k + 1 < n && px[k + 1] - px[k] > 1) {
        // strictly between two limits: the higher limit's demand, the lower limit's supply
        addSegment(px[k] + 1, px[k + 1] - 1, bidQty[k + 1], askQty[k], band);
      }
    }
  }

  private void addSegment(long lo, long hi, long demand, long supply, PriceBand band) {
    lo = Math.max(lo, band.lowTicks());
    hi = Math.min(hi, band.highTicks());
    if (lo > hi) {
      return;
    }
    segLo[segments] = lo;
    segHi[segments] = hi;
    segDemand[segments] = demand;
    segSupply[segments] = supply;
    segments++;
  }

  private void ensure(int n) {
    if (n > px.length) {
      px = Arrays.copyOf(px, n * 2);
      bidQty = Arrays.copyOf(bidQty, n * 2);
      askQty = Arrays.copyOf(askQty, n * 2);
    }
    if (2 * n > segLo.length) {
      segLo = Arrays.copyOf(segLo, n * 4);
      segHi = Arrays.copyOf(segHi, n * 4);
      segDemand = Arrays.copyOf(segDemand, n * 4);
      segSupply = Arrays.copyOf(segSupply, n * 4);
    }
  }
}
