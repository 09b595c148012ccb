package io.equitoken.trading.service.cash;

import java.time.Instant;
import java.util.UUID;

/**
 * The cash legs of one execution, recorded once per trade id: {@code amount} from the buyer, {@code
 * amount - fee} to the seller, {@code fee} to the fee account. {@code unfunded} when the buy order
 * has no reservation (it was placed before the ledger existed): nothing moved.
 */
public record Settlement(
    String tradeId,
    UUID buyOrderId,
    UUID sellOrderId,
    String buyerId,
    String sellerId,
    long amount,
    long fee,
    boolean funded,
    Instant settledAt) {}
