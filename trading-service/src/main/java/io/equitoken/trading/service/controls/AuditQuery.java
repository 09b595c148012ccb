package io.equitoken.trading.service.controls;

import java.time.Instant;
import java.util.UUID;

/**
 * A page of the audit log: actions on {@code subject} (a token, investor, window or account id,
 * matched as subject or as the token concerned; null = all) with {@code from <= at < to} (each null
 * = open), newest first, after the action ({@code afterAt}, {@code afterId}) of the previous page,
 * at most {@code limit}.
 */
public record AuditQuery(
    String subject, Instant from, Instant to, Instant afterAt, UUID afterId, int limit) {}
