package io.equitoken.trading.service.window;

import java.math.BigDecimal;
import java.time.Instant;

/** The latest indicative auction state of one token in a window's call phase. */
public record Indicative(
    String tokenId,
    BigDecimal indicativePrice,
    BigDecimal indicativeVolume,
    BigDecimal imbalance,
    String imbalanceSide,
    Instant asOf) {}
