package io.equitoken.trading.service.cash;

import java.util.Optional;

/**
 * The ledger's one rule, pure: a change applies only if the account stays whole, {@code 0 <=
 * reserved <= balance} afterwards; only a credit (nothing taken, nothing reserved) may open an
 * account. The store enforces the same rule in the statement that applies a change (and the table's
 * checks again), so concurrent changes from any instance never overspend.
 */
public final class CashRules {

  private CashRules() {}

  /** The account after {@code change}, or empty when the change would overdraw it. */
  public static Optional<CashAccount> apply(CashAccount account, CashEntry.Draft change) {
    if (account.sequence() == 0 && account.balance() == 0 && !change.credit()) {
      return Optional.empty();
    }
    long balance = Math.addExact(account.balance(), change.amount());
    long reserved = Math.addExact(account.reserved(), change.reservedChange());
    if (reserved < 0 || balance < reserved) {
      return Optional.empty();
    }
    return Optional.of(
        new CashAccount(
            account.ownerId(),
            account.currency(),
            balance,
            reserved,
            account.sequence() + 1,
            change.occurredAt()));
  }
}
