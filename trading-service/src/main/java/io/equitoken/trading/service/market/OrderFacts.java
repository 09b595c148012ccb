package io.equitoken.trading.service.market;

import java.util.UUID;

/**
 * What order intake needs to know about a token and the caller, read in one statement: the token
 * (null if unknown), the caller's KYC standing (null if none), whether the token is tradable
 * (issued, listing active) and the open window covering it (null if none).
 */
public record OrderFacts(TokenInfo token, KycStanding kyc, boolean tradable, UUID openWindowId) {

  /** Nothing known: no token, no KYC, not tradable, no window. */
  public static final OrderFacts NONE = new OrderFacts(null, null, false, null);
}
