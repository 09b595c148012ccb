package io.equitoken.trading.service.rules;

import io.equitoken.trading.service.kernel.TradingMessage;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * What a new rules version publishes through the outbox: the public fact {@code
 * token.rules.changed} and the matcher's {@code token.rules} command (contracts/events/trading/).
 */
public final class RulesEvents {

  private RulesEvents() {}

  /** The rules as the contracts carry them: quantities in tokens, no percent. */
  public record WireRules(
      Long maxHolders,
      Long maxNonAccreditedHolders,
      boolean accreditedOnly,
      List<String> allowedJurisdictions,
      List<String> blockedJurisdictions,
      BigDecimal maxHolding,
      Long lockupDays,
      boolean lockupAllPurchases,
      BigDecimal minOrderSize) {

    static WireRules of(TokenRules r) {
      return new WireRules(
          r.maxHolders(),
          r.maxNonAccreditedHolders(),
          r.accreditedOnly(),
          r.allowedJurisdictions(),
          r.blockedJurisdictions(),
          r.maxHolding(),
          r.lockupDays(),
          r.lockupAllPurchases(),
          r.minOrderSize());
    }
  }

  /** {@code equitoken.trading.token.rules.changed.v1}, keyed by token. */
  public record Changed(
      String tokenId,
      long version,
      WireRules rules,
      Instant effectiveAt,
      String reason,
      String changedBy,
      Instant changedAt)
      implements TradingMessage {}

  /** {@code equitoken.trading.command.token.rules.v1}, keyed by token. */
  public record Apply(
      String tokenId, long version, WireRules rules, Instant effectiveAt, Instant at)
      implements TradingMessage {}

  static Changed changed(RulesVersion v) {
    return new Changed(
        v.tokenId(),
        v.version(),
        WireRules.of(v.rules()),
        v.effectiveAt(),
        v.reason(),
        v.changedBy(),
        v.changedAt());
  }

  static Apply apply(RulesVersion v) {
    return new Apply(
        v.tokenId(), v.version(), WireRules.of(v.rules()), v.effectiveAt(), v.changedAt());
  }
}
