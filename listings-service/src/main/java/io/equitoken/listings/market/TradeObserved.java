package io.equitoken.listings.market;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * Trading executed a trade of {@code quantity} tokens at {@code price}, sold by {@code sellerId}.
 */
public record TradeObserved(
    String tokenId, BigDecimal price, BigDecimal quantity, String sellerId, Instant executedAt)
    implements MarketFact {}
