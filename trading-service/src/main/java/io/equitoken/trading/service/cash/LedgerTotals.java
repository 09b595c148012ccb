package io.equitoken.trading.service.cash;

/**
 * The ledger's books, in minor units: the sum of all balances and reservations, and what came in
 * and went out. {@link #balanced()} is the conservation invariant: every balance together equals
 * deposits minus paid withdrawals plus adjustments (fills only move money between accounts).
 */
public record LedgerTotals(
    long balances,
    long reserved,
    long deposits,
    long paidWithdrawals,
    long adjustments,
    long overdrawnAccounts) {

  public boolean balanced() {
    return balances == deposits - paidWithdrawals + adjustments && overdrawnAccounts == 0;
  }
}
