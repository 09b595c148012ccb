package io.equitoken.trading.engine.fast;

/** All orders at one price on one side, oldest first. */
final class Level {
  long price;
  long totalLots;
  Order head;
  Order tail;

  void append(Order o) {
    o.level = this;
    o.prev = tail;
    o.next = null;
    if (tail == null) {
      head = o;
    } else {
      tail.next = o;
    }
    tail = o;
    totalLots += o.lots;
  }

  /** Unlinks {@code o}; the caller has already taken its remaining lots off {@link #totalLots}. */
  void unlink(Order o) {
    if (o.prev == null) {
      head = o.next;
    } else {
      o.prev.next = o.next;
    }
    if (o.next == null) {
      tail = o.prev;
    } else {
      o.next.prev = o.prev;
    }
    o.prev = o.next = null;
    o.level = null;
  }

  boolean isEmpty() {
    return head == null;
  }
}
