package io.equitoken.benchmarks.orders;

import java.util.Arrays;

/** Percentiles (nearest rank) of a set of latencies in nanoseconds, shown in milliseconds. */
record Latencies(long[] sortedNanos) {

  static Latencies of(long[] nanos, int count) {
    long[] sorted = Arrays.copyOf(nanos, count);
    Arrays.sort(sorted);
    return new Latencies(sorted);
  }

  int count() {
    return sortedNanos.length;
  }

  /** The smallest value with at least {@code p} of all values at or below it; -1 when empty. */
  long percentileNanos(double p) {
    if (sortedNanos.length == 0) {
      return -1;
    }
    int rank = (int) Math.ceil(p * sortedNanos.length);
    return sortedNanos[Math.max(0, Math.min(sortedNanos.length - 1, rank - 1))];
  }

  String ms(double p) {
    long n = percentileNanos(p);
    return n < 0 ? "–" : String.format("%.1f", n / 1e6);
  }

  String maxMs() {
    return ms(1.0);
  }
}
