package io.equitoken.trading.service.rules;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.TransactionLocks;
import io.equitoken.platform.core.Transactions;
import io.equitoken.trading.service.kernel.TradingMessage;
import io.equitoken.trading.service.market.MarketStore;
import io.equitoken.trading.service.market.TokenInfo;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import reactor.core.publisher.Mono;

/**
 * A token's transfer rules: the version in force and the scheduled one, and new versions set by
 * operators — validated, numbered under a per-token lock, recorded with who/when/why and published
 * in the same transaction as the public {@code token.rules.changed} and the matcher's {@code
 * token.rules} command.
 */
public final class RulesService {

  private static final Pattern COUNTRY = Pattern.compile("^[A-Z]{2}$");
  private static final long MAX_LOCKUP_DAYS = 36_500;
  private static final int MAX_COUNTRIES = 250;

  private final RulesStore store;
  private final MarketStore market;
  private final EventPublisher<TradingMessage> messages;
  private final Transactions transactions;
  private final TransactionLocks locks;
  private final Clock clock;

  public RulesService(
      RulesStore store,
      MarketStore market,
      EventPublisher<TradingMessage> messages,
      Transactions transactions,
      TransactionLocks locks,
      Clock clock) {
    this.store = store;
    this.market = market;
    this.messages = messages;
    this.transactions = transactions;
    this.locks = locks;
    this.clock = clock;
  }

  /** The version in force (null before the first) and the scheduled one (null if none). */
  public record View(String tokenId, RulesVersion current, RulesVersion scheduled) {}

  public Mono<View> get(String tokenId) {
    Instant now = now();
    return token(tokenId)
        .flatMap(
            t ->
                Mono.zip(
                        store.inForce(tokenId, now).map(List::of).defaultIfEmpty(List.of()),
                        store.scheduled(tokenId, now).map(List::of).defaultIfEmpty(List.of()))
                    .map(
                        z ->
                            new View(
                                tokenId,
                                z.getT1().isEmpty() ? null : z.getT1().get(0),
                                z.getT2().isEmpty() ? null : z.getT2().get(0))));
  }

  /** A projected {@code holding.changed}: the owner's quantity of the token after a change. */
  public record HoldingChanged(
      String tokenId, String ownerId, BigDecimal quantity, long sequence) {}

  /**
   * Projects a poll's {@code holding.changed}s in one statement: per token and owner the newest
   * sequence (the first of equals), and that only where it is newer than the one stored — what
   * applying them one at a time would leave.
   */
  public Mono<Void> holdingsChanged(List<HoldingChanged> changes) {
    if (changes.isEmpty()) {
      return Mono.empty();
    }
    Map<List<String>, HoldingChanged> newest = new LinkedHashMap<>();
    for (HoldingChanged c : changes) {
      newest.merge(
          List.of(c.tokenId(), c.ownerId()), c, (a, b) -> b.sequence() > a.sequence() ? b : a);
    }
    return store.holdingsChanged(List.copyOf(newest.values()));
  }

  /** The latest projected holder facts for a check. */
  public Mono<HolderFacts> holderFacts(String tokenId, String ownerId, Instant now) {
    return store.holderFacts(tokenId, ownerId, now).defaultIfEmpty(HolderFacts.NONE);
  }

  /** Records a new version (the next number) and publishes it; refusals are 400/404/422. */
  public Mono<RulesVersion> set(String operatorId, String tokenId, RulesRequest request) {
    Instant now = now();
    return token(tokenId)
        .flatMap(
            token -> {
              TokenRules rules = validate(request, token);
              Instant effectiveAt = effectiveAt(request.effectiveAt(), now);
              String reason = reason(request.reason());
              return transactions.inTransaction(
                  locks
                      .lock("trading.rules:" + tokenId)
                      .then(store.lastVersion(tokenId))
                      .flatMap(
                          last -> {
                            RulesVersion v =
                                new RulesVersion(
                                    tokenId, last + 1, rules, effectiveAt, reason, operatorId, now);
                            return store
                                .insert(v)
                                .then(messages.publish(RulesEvents.changed(v)))
                                .then(messages.publish(RulesEvents.apply(v)))
                                .thenReturn(v);
                          }));
            });
  }

  private Mono<TokenInfo> token(String tokenId) {
    return market
        .token(tokenId)
        .switchIfEmpty(
            Mono.error(
                () ->
                    Refusal.notFound("token-not-found", "No token with id " + tokenId)
                        .exception()));
  }

  /** The request's rules on the token's lot grid, or the first problem with them. */
  static TokenRules validate(RulesRequest r, TokenInfo token) {
    atLeast(r.maxHolders(), 1, "maxHolders");
    atLeast(r.maxNonAccreditedHolders(), 0, "maxNonAccreditedHolders");
    atLeast(r.lockupDays(), 1, "lockupDays");
    if (r.lockupDays() != null && r.lockupDays() > MAX_LOCKUP_DAYS) {
      throw invalid("lockupDays", "Expected lockupDays at most " + MAX_LOCKUP_DAYS);
    }
    List<String> allowed = countries(r.allowedJurisdictions(), "allowedJurisdictions");
    List<String> blocked = countries(r.blockedJurisdictions(), "blockedJurisdictions");
    for (String c : allowed) {
      if (blocked.contains(c)) {
        throw invalid(
            "blockedJurisdictions",
            "Expected a country to be allowed or blocked, but " + c + " is both");
      }
    }
    if (r.maxHolding() != null && r.maxHoldingPercent() != null) {
      throw invalid("maxHoldingPercent", "Expected maxHolding or maxHoldingPercent, not both");
    }
    BigDecimal maxHolding = onLots(r.maxHolding(), token, "maxHolding");
    if (r.maxHoldingPercent() != null) {
      BigDecimal p = r.maxHoldingPercent();
      if (p.signum() <= 0 || p.compareTo(BigDecimal.valueOf(100)) > 0) {
        throw invalid("maxHoldingPercent", "Expected maxHoldingPercent above 0 and at most 100");
      }
      BigDecimal lots =
          token
              .supply()
              .multiply(p)
              .divide(BigDecimal.valueOf(100).multiply(token.lotSize()), 0, RoundingMode.DOWN);
      if (lots.signum() == 0) {
        throw invalid(
            "maxHoldingPercent",
            "Expected maxHoldingPercent to come to at least one lot of supply");
      }
      maxHolding = lots.multiply(token.lotSize()).stripTrailingZeros();
    }
    BigDecimal minOrder = onLots(r.minOrderSize(), token, "minOrderSize");
    return new TokenRules(
        r.maxHolders(),
        r.maxNonAccreditedHolders(),
        Boolean.TRUE.equals(r.accreditedOnly()),
        allowed,
        blocked,
        maxHolding,
        r.maxHoldingPercent() == null ? null : r.maxHoldingPercent().stripTrailingZeros(),
        r.lockupDays(),
        Boolean.TRUE.equals(r.lockupAllPurchases()),
        minOrder);
  }

  private static void atLeast(Long value, long min, String field) {
    if (value != null && value < min) {
      throw invalid(field, "Expected " + field + " at least " + min + ", but it was " + value);
    }
  }

  private static List<String> countries(List<String> given, String field) {
    if (given == null) {
      return List.of();
    }
    if (given.size() > MAX_COUNTRIES) {
      throw invalid(field, "Expected at most " + MAX_COUNTRIES + " countries");
    }
    TreeSet<String> sorted = new TreeSet<>();
    for (String c : given) {
      if (c == null || !COUNTRY.matcher(c).matches()) {
        throw invalid(field, "Expected ISO 3166-1 alpha-2 country codes such as DE");
      }
      sorted.add(c);
    }
    return new ArrayList<>(sorted);
  }

  private static BigDecimal onLots(BigDecimal quantity, TokenInfo token, String field) {
    if (quantity == null) {
      return null;
    }
    if (quantity.signum() <= 0 || quantity.compareTo(token.supply()) > 0) {
      throw invalid(field, "Expected " + field + " above 0 and at most the token's supply");
    }
    if (quantity.remainder(token.lotSize()).signum() != 0) {
      throw invalid(
          field,
          "Expected "
              + field
              + " to be a multiple of the lot size "
              + token.lotSize().toPlainString());
    }
    return quantity.stripTrailingZeros();
  }

  private static Instant effectiveAt(Instant requested, Instant now) {
    if (requested == null) {
      return now;
    }
    Instant at = requested.truncatedTo(ChronoUnit.MICROS);
    if (at.isBefore(now)) {
      throw Refusal.unprocessable(
              "rules-effective-in-past",
              "Expected effectiveAt now or later, but it was " + requested)
          .withField("effectiveAt")
          .exception();
    }
    return at;
  }

  private static String reason(String reason) {
    if (reason == null || reason.isBlank() || reason.length() > 500) {
      throw Refusal.badRequest("invalid-reason", "Expected a reason of 1 to 500 characters")
          .withField("reason")
          .exception();
    }
    return reason;
  }

  private static RuntimeException invalid(String field, String detail) {
    return Refusal.unprocessable("invalid-rules", detail).withField(field).exception();
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
