package io.equitoken.trading.engine;

/**
 * Clearing price of a call auction with the volume it would execute and the surplus left over:
 * positive surplus is unmatched demand (buy side), negative is unmatched supply (sell side).
 */
public record AuctionIndication(long priceTicks, long volumeLots, long surplusLots) {}
