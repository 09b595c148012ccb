package io.equitoken.listings.market;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * Trading paid {@code ownerId} for tokens of {@code tokenId} sold in trade {@code tradeId}: a
 * {@code cash.changed} entry with reason {@code sell}, {@code amount} the payment less the platform
 * {@code fee} (0 when none was charged).
 */
public record ProceedsObserved(
    String tradeId,
    String ownerId,
    String tokenId,
    BigDecimal amount,
    BigDecimal fee,
    Instant paidAt)
    implements MarketFact {

  /** What the buyers paid: the proceeds before the fee. */
  public BigDecimal gross() {
    return amount.add(fee);
  }
}
