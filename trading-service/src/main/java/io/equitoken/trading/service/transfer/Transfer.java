package io.equitoken.trading.service.transfer;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/** An operator's move of available holding from one owner to another, as requested (audited). */
public record Transfer(
    UUID id,
    String tokenId,
    String fromId,
    String toId,
    BigDecimal quantity,
    String reason,
    String requestedBy,
    Instant requestedAt) {}
