package io.equitoken.trading.service.rules;

import java.time.Instant;

/** One recorded version of a token's rules: what, from when, who set it, when and why. */
public record RulesVersion(
    String tokenId,
    long version,
    TokenRules rules,
    Instant effectiveAt,
    String reason,
    String changedBy,
    Instant changedAt) {}
