package io.equitoken.trading.service.market;

import io.equitoken.trading.service.rules.TokenRules;
import java.math.BigDecimal;
import java.util.UUID;

/**
 * What order intake needs to know about a token and the caller, read in one statement: the token
 * (null if unknown), the caller's KYC standing (null if none), whether the token is tradable
 * (issued, listing active), the open window covering it (null if none), the caller's open orders of
 * the token, the token's last traded price (null before its first trade), whether an operator
 * halted trading in the token, whether an operator froze the caller, and the token's transfer rules
 * in force ({@link TokenRules#NONE} before its first version).
 */
public record OrderFacts(
    TokenInfo token,
    KycStanding kyc,
    boolean tradable,
    UUID openWindowId,
    long openOrders,
    BigDecimal lastPrice,
    boolean halted,
    boolean frozen,
    TokenRules rules) {

  /** Nothing known: no token, no KYC, not tradable, no window. */
  public static final OrderFacts NONE = new OrderFacts(null, null, false, null);

  /** Facts of a token not halted, without transfer rules. */
  public OrderFacts(
      TokenInfo token,
      KycStanding kyc,
      boolean tradable,
      UUID openWindowId,
      long openOrders,
      BigDecimal lastPrice) {
    this(token, kyc, tradable, openWindowId, openOrders, lastPrice, false, false, TokenRules.NONE);
  }

  /** Facts without open orders or a last trade. */
  public OrderFacts(TokenInfo token, KycStanding kyc, boolean tradable, UUID openWindowId) {
    this(token, kyc, tradable, openWindowId, 0, null);
  }

  /** The price intake judges a limit against: the last trade's, else the issue price. */
  public BigDecimal referencePrice() {
    return lastPrice != null ? lastPrice : token == null ? null : token.issuePrice();
  }
}
