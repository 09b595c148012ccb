package io.equitoken.trading.service.cash;

import java.time.Instant;
import java.util.UUID;

/**
 * Money that arrived from outside, as the payments side reported it. The external reference (the
 * bank, wire or ACH id) is unique: the same reference twice credits once.
 */
public record Deposit(
    UUID id,
    String ownerId,
    long amount,
    String externalReference,
    String recordedBy,
    Instant recordedAt) {}
