package io.equitoken.trading.engine.fast;

/**
 * A pooled order node. It sits in two intrusive lists at once: its price level's FIFO queue (time
 * priority) and its owner's list of orders on one side (the call-phase self-trade check), so that
 * neither needs allocation or a search to unlink.
 */
final class Order {
  long id;
  long owner;
  long price;
  long lots;
  boolean buy;
  Account account;
  Level level;
  Order prev;
  Order next;
  Order ownPrev;
  Order ownNext;

  /** On its owner's list ({@link Account#link}); its lots then count in the owner's totals. */
  boolean listed;

  void clear() {
    account = null;
    level = null;
    prev = next = ownPrev = ownNext = null;
    listed = false;
  }
}
