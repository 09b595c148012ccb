package io.equitoken.trading.engine.fast;

/**
 * Order id → order, open addressing with linear probing and backward-shift deletion: no boxing, no
 * tombstones, no allocation except when it doubles.
 */
final class OrderIndex {
  private Order[] table;
  private int mask;
  private int size;

  OrderIndex(int expected) {
    int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
    table = new Order[capacity];
    mask = capacity - 1;
  }

  static int slot(long key, int mask) {
    long h = key * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  Order get(long id) {
    for (int i = slot(id, mask); ; i = (i + 1) & mask) {
      Order o = table[i];
      if (o == null || o.id == id) {
        return o;
      }
    }
  }

  void put(Order order) {
    if ((size + 1) * 2 > table.length) {
      grow();
    }
    int i = slot(order.id, mask);
    while (table[i] != null) {
      i = (i + 1) & mask;
    }
    table[i] = order;
    size++;
  }

  void remove(long id) {
    int i = slot(id, mask);
    while (table[i] != null && table[i].id != id) {
      i = (i + 1) & mask;
    }
    if (table[i] == null) {
      return;
    }
    size--;
    // Shift later members of the probe run back so lookups never meet a premature gap.
    int gap = i;
    for (int j = (i + 1) & mask; table[j] != null; j = (j + 1) & mask) {
      int home = slot(table[j].id, mask);
      boolean movable = gap <= j ? (home <= gap || home > j) : (home <= gap && home > j);
      if (movable) {
        table[gap] = table[j];
        gap = j;
      }
    }
    table[gap] = null;
  }

  int size() {
    return size;
  }

  private void grow() {
    Order[] old = table;
    table = new Order[old.length * 2];
    mask = table.length - 1;
    size = 0;
    for (Order o : old) {
      if (o != null) {
        put(o);
      }
    }
  }
}
