package io.equitoken.trading.service.window;

import java.time.Instant;

/**
 * Filters of {@code GET /liquidity/windows}; each may be null. {@code from}/{@code to} keep windows
 * that overlap {@code [from, to)}; {@code tokenId} keeps windows covering the token (including
 * those for every token).
 */
public record WindowFilter(WindowStatus status, String tokenId, Instant from, Instant to) {}
