package io.equitoken.trading.service.controls;

import java.time.Instant;

/**
 * Whether trading in a token is halted, and the operator's last halt or resume of it: who, when,
 * why, and whether the halt cancelled the token's resting orders. A token never halted is {@link
 * #running}.
 */
public record MarketHalt(
    String tokenId,
    boolean halted,
    boolean cancelOrders,
    String reason,
    String changedBy,
    Instant changedAt) {

  /** A token no operator ever halted. */
  public static MarketHalt running(String tokenId) {
    return new MarketHalt(tokenId, false, false, null, null, null);
  }
}
