package io.equitoken.trading.service.controls;

import java.time.Instant;

/**
 * Whether an operator froze an investor, and the operator's last freeze or unfreeze of them: who,
 * when, why. An investor never frozen is {@link #free}.
 */
public record InvestorFreeze(
    String investorId, boolean frozen, String reason, String changedBy, Instant changedAt) {

  /** An investor no operator ever froze. */
  public static InvestorFreeze free(String investorId) {
    return new InvestorFreeze(investorId, false, null, null, null);
  }
}
