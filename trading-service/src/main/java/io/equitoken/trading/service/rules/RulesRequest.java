package io.equitoken.trading.service.rules;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * A new version as an operator asks for it ({@code PUT /tokens/{tokenId}/rules}); each rule
 * optional. At most one of {@code maxHolding} (tokens) and {@code maxHoldingPercent} (of supply).
 * {@code effectiveAt} null means now.
 */
public record RulesRequest(
    Long maxHolders,
    Long maxNonAccreditedHolders,
    Boolean accreditedOnly,
    List<String> allowedJurisdictions,
    List<String> blockedJurisdictions,
    BigDecimal maxHolding,
    BigDecimal maxHoldingPercent,
    Long lockupDays,
    Boolean lockupAllPurchases,
    BigDecimal minOrderSize,
    Instant effectiveAt,
    String reason) {}
