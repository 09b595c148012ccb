package io.equitoken.trading.engine.fast;

import java.util.Arrays;

/**
 * The price levels of one side in a sorted array, worst price first and best last. Most activity
 * happens near the best price, so inserting or removing a level moves only a few slots, and taking
 * the best level is O(1). Binary search runs on a parallel array of keys (price for bids, negated
 * price for asks) so that both sides sort ascending toward the best.
 *
 * <p>Emptied levels stay in place until they reach the top or are compacted in bulk: prices near
 * the market are revisited constantly, and re-using a level avoids shifting the array twice per
 * price move. Callers therefore skip levels whose {@code head} is null.
 */
final class BookSide {
  final boolean buy;
  private long[] keys = new long[256];
  private Level[] levels = new Level[256];
  private int size;
  private Level[] spare = new Level[256];
  private int spareCount;
  private int empties;
  private final LevelIndex byPrice = new LevelIndex();

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

  /** The best non-empty level; empty levels on top are dropped on the way. */
  Level best() {
    while (size > 0 && levels[size - 1].head == null) {
      Level level = levels[--size];
      levels[size] = null;
      empties--;
      recycle(level);
    }
    return size == 0 ? null : levels[size - 1];
  }

  /** Does a price on this side reach the opposite price {@code limit}? */
  boolean reaches(long price, long limit) {
    return buy ? price >= limit : price <= limit;
  }

  Level levelFor(long price) {
    Level known = byPrice.get(price);
    if (known != null) {
      if (known.head == null) {
        empties--;
      }
      return known;
    }
    if (empties > 256 && empties * 2 > size) {
      compact();
    }
    long key = buy ? price : -price;
    int at = -Arrays.binarySearch(keys, 0, size, key) - 1;
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
    byPrice.put(level);
    return level;
  }

  /** Notes that {@code level} has just become empty; it is dropped later. */
  void remove(Level level) {
    empties++;
  }

  private void compact() {
    int kept = 0;
    for (int i = 0; i < size; i++) {
      Level level = levels[i];
      if (level.head == null) {
        recycle(level);
      } else {
        keys[kept] = keys[i];
        levels[kept++] = level;
      }
    }
    Arrays.fill(levels, kept, size, null);
    size = kept;
    empties = 0;
  }

  /** Drops every level (their orders are already gone). */
  void clear() {
    empties = 0;
    byPrice.clear();
    while (size > 0) {
      Level level = levels[--size];
      levels[size] = null;
      recycle(level);
    }
  }

  private void recycle(Level level) {
    byPrice.remove(level.price);
    level.head = level.tail = null;
    level.totalLots = 0;
    if (spareCount == spare.length) {
      spare = Arrays.copyOf(spare, spareCount * 2);
    }
    spare[spareCount++] = level;
  }
}
