package io.equitoken.trading.engine.fast;

/**
 * Order id → order, open addressing with linear probing and backward-shift deletion: no boxing, no
 * tombstones, no allocation except when it doubles. Keys live in their own array so that probing
 * and deletion never touch an order object (each of which would be a cache miss).
 */
final class OrderIndex {
  private long[] keys;
  private Order[] values;
  private int mask;
  private int size;

  OrderIndex(int expected) {
    int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
    keys = new long[capacity];
    values = new Order[capacity];
    mask = capacity - 1;
  }

  static int slot(long key, int mask) {
    long h = key * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  Order get(long id) {
    for (int i = slot(id, mask); values[i] != null; i = (i + 1) & mask) {
      if (keys[i] == id) {
        return values[i];
      }
    }
    return null;
  }

  void put(Order order) {
    if ((size + 1) * 2 > keys.length) {
      grow();
    }
    int i = slot(order.id, mask);
    while (values[i] != null) {
      i = (i + 1) & mask;
    }
    keys[i] = order.id;
    values[i] = order;
    size++;
  }

  void remove(long id) {
    int i = slot(id, mask);
    while (values[i] != null && keys[i] != id) {
      i = (i + 1) & mask;
    }
    if (values[i] == null) {
      return;
    }
    size--;
    // Shift later members of the probe run back so lookups never meet a premature gap.
    int gap = i;
    for (int j = (i + 1) & mask; values[j] != null; j = (j + 1) & mask) {
      int home = slot(keys[j], mask);
      boolean movable = gap <= j ? (home <= gap || home > j) : (home <= gap && home > j);
      if (movable) {
        keys[gap] = keys[j];
        values[gap] = values[j];
        gap = j;
      }
    }
    values[gap] = null;
  }

  int size() {
    return size;
  }

  private void grow() {
    Order[] old = values;
    keys = new long[old.length * 2];
    values = new Order[old.length * 2];
    mask = values.length - 1;
    size = 0;
    for (Order o : old) {
      if (o != null) {
        put(o);
      }
    }
  }
}
