package io.equitoken.trading.service.history;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/** One execution as price history keeps it. */
public record ExecutedTrade(
    String tradeId,
    String tokenId,
    UUID windowId,
    BigDecimal price,
    BigDecimal quantity,
    Instant executedAt) {}
