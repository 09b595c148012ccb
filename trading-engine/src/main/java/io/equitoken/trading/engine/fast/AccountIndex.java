package io.equitoken.trading.engine.fast;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Owner → account, open addressing; accounts are never removed, so no deletion is needed. */
final class AccountIndex {
  private Account[] table = new Account[1024];
  private int mask = table.length - 1;
  private int size;

  Account get(long owner) {
    for (int i = OrderIndex.slot(owner, mask); ; i = (i + 1) & mask) {
      Account a = table[i];
      if (a == null || a.owner == owner) {
        return a;
      }
    }
  }

  /** Allocates only the first time an owner appears. */
  Account getOrCreate(long owner) {
    Account a = get(owner);
    if (a != null) {
      return a;
    }
    if ((size + 1) * 2 > table.length) {
      grow();
    }
    a = new Account(owner);
    insert(a);
    return a;
  }

  List<Account> sortedByOwner() {
    List<Account> all = new ArrayList<>(size);
    for (Account a : table) {
      if (a != null) {
        all.add(a);
      }
    }
    all.sort(Comparator.comparingLong(a -> a.owner));
    return all;
  }

  private void insert(Account a) {
    int i = OrderIndex.slot(a.owner, mask);
    while (table[i] != null) {
      i = (i + 1) & mask;
    }
    table[i] = a;
    size++;
  }

  private void grow() {
    Account[] old = table;
    table = new Account[old.length * 2];
    mask = table.length - 1;
    size = 0;
    for (Account a : old) {
      if (a != null) {
        insert(a);
      }
    }
  }
}
