package io.equitoken.trading.engine.fast;

/**
 * Price → level of one side, open addressing with backward-shift deletion. It lets a price move
 * find its level without a binary search; the sorted array in {@link BookSide} is then searched
 * only when a price appears for the first time. Prices are kept beside the levels so that probing
 * never dereferences a level.
 */
final class LevelIndex {
  private long[] prices = new long[1024];
  private Level[] table = new Level[1024];
  private int mask = table.length - 1;
  private int size;

  Level get(long price) {
    for (int i = OrderIndex.slot(price, mask); table[i] != null; i = (i + 1) & mask) {
      if (prices[i] == price) {
        return table[i];
      }
    }
    return null;
  }

  void put(Level level) {
    if ((size + 1) * 2 > table.length) {
      grow();
    }
    int i = OrderIndex.slot(level.price, mask);
    while (table[i] != null) {
      i = (i + 1) & mask;
    }
    prices[i] = level.price;
    table[i] = level;
    size++;
  }

  void remove(long price) {
    int i = OrderIndex.slot(price, mask);
    while (table[i] != null && prices[i] != price) {
      i = (i + 1) & mask;
    }
    if (table[i] == null) {
      return;
    }
    size--;
    int gap = i;
    for (int j = (i + 1) & mask; table[j] != null; j = (j + 1) & mask) {
      int home = OrderIndex.slot(prices[j], mask);
      boolean movable = gap <= j ? (home <= gap || home > j) : (home <= gap && home > j);
      if (movable) {
        prices[gap] = prices[j];
        table[gap] = table[j];
        gap = j;
      }
    }
    table[gap] = null;
  }

  void clear() {
    java.util.Arrays.fill(table, null);
    size = 0;
  }

  private void grow() {
    Level[] old = table;
    prices = new long[old.length * 2];
    table = new Level[old.length * 2];
    mask = table.length - 1;
    size = 0;
    for (Level l : old) {
      if (l != null) {
        put(l);
      }
    }
  }
}
