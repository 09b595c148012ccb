package io.equitoken.trading.service.market;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A token as trading knows it from {@code token.issued}: who issued it, how much, on which grid.
 */
public record TokenInfo(
    String tokenId,
    String listingId,
    String issuerId,
    BigDecimal supply,
    BigDecimal issuePrice,
    BigDecimal tickSize,
    BigDecimal lotSize,
    Instant issuedAt) {}
