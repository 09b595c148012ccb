package io.equitoken.trading.engine.fast;

import java.util.Arrays;

/** Preallocated order nodes, so that a resting order costs no allocation in steady state. */
final class OrderPool {
  private Order[] free;
  private int count;

  OrderPool(int preallocate) {
    free = new Order[Math.max(16, preallocate)];
    for (int i = 0; i < preallocate; i++) {
      free[count++] = new Order();
    }
  }

  Order take() {
    return count > 0 ? free[--count] : new Order();
  }

  void give(Order o) {
    o.clear();
    if (count == free.length) {
      free = Arrays.copyOf(free, count * 2);
    }
    free[count++] = o;
  }
}
