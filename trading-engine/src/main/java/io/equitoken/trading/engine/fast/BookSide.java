package io.equitoken.trading.engine.fast;

import java.util.Arrays;

/**
 * The price levels of one side in a sorted array, worst price first and best last. Most activity
 * happens near the best price, so inserting or removing a level moves only a few slots, and taking
 * the best level is O(1). Binary search runs on a parallel array of keys (price for bids, negated
 * price for asks) so that both sides sort ascending toward the best.
 */
final class BookSide {
  final boolean buy;
  private long[] keys = new long[256];
  private Level[] levels = new Level[256];
  private int size;
  private Level[] spare = new Level[256];
  private int spareCount;

  BookSide(boolean buy) {
    this.buy = buy;
  }

  int size() {
    return size;
  }

  /** Level at position {@code i}, where 0 is the worst price and {@code size() - 1} the best. */
  Level at(int i) {
    return levels[i];
  }

  Level best() {
    return size == 0 ? null : levels[size - 1];
  }

  /** Does a price on this side reach the opposite price {@code limit}? */
  boolean reaches(long price, long limit) {
    return buy ? price >= limit : price <= limit;
  }

  Level levelFor(long price) {
    long key = buy ? price : -price;
    int i = Arrays.binarySearch(keys, 0, size, key);
    if (i >= 0) {
      return levels[i];
    }
    int at = -i - 1;
    if (size == keys.length) {
      keys = Arrays.copyOf(keys, size * 2);
      levels = Arrays.copyOf(levels, size * 2);
    }
    System.arraycopy(keys, at, keys, at + 1, size - at);
    System.arraycopy(levels, at, levels, at + 1, size - at);
    Level level = spareCount > 0 ? spare[--spareCount] : new Level();
    level.price = price;
    keys[at] = key;
    levels[at] = level;
    size++;
    return level;
  }

  /** Removes an empty level wherever it is. */
  void remove(Level level) {
    int i = size - 1;
    if (levels[i] != level) {
      i = Arrays.binarySearch(keys, 0, size, buy ? level.price : -level.price);
    }
    System.arraycopy(keys, i + 1, keys, i, size - i - 1);
    System.arraycopy(levels, i + 1, levels, i, size - i - 1);
    levels[--size] = null;
    recycle(level);
  }

  /** Drops every level (their orders are already gone). */
  void clear() {
    while (size > 0) {
      Level level = levels[--size];
      levels[size] = null;
      recycle(level);
    }
  }

  private void recycle(Level level) {
    level.head = level.tail = null;
    level.totalLots = 0;
    if (spareCount == spare.length) {
      spare = Arrays.copyOf(spare, spareCount * 2);
    }
    spare[spareCount++] = level;
  }
}
