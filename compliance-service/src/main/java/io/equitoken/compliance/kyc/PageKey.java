package io.equitoken.compliance.kyc;

import java.time.Instant;
import java.util.UUID;

/** Keyset position in the review queue (oldest first): the last submission already returned. */
public record PageKey(Instant submittedAt, UUID id) {}
