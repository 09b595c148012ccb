package io.equitoken.trading.service.persistence;

import io.equitoken.platform.events.UnnestRows;
import io.equitoken.trading.service.rules.HolderFacts;
import io.equitoken.trading.service.rules.RulesService;
import io.equitoken.trading.service.rules.RulesStore;
import io.equitoken.trading.service.rules.RulesVersion;
import io.equitoken.trading.service.rules.TokenRules;
import io.r2dbc.spi.Readable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@Component
class R2dbcRulesStore implements RulesStore {

  /**
   * A version governs from its effectiveAt unless a later version was set before that instant: the
   * matcher's engine replaces a scheduled version by a newer one, and this query agrees with it.
   */
  static final String IN_FORCE =
      "select * from token_rules r where r.token_id = :token and r.effective_at <= :now"
          + " and not exists (select 1 from token_rules w where w.token_id = r.token_id"
          + " and w.version > r.version and w.changed_at < r.effective_at)"
          + " order by r.version desc limit 1";

  private static final UnnestRows<RulesService.HoldingChanged> HOLDINGS =
      UnnestRows.<RulesService.HoldingChanged>as("h")
          .column("token_id", "text", RulesService.HoldingChanged::tokenId)
          .column("owner_id", "text", RulesService.HoldingChanged::ownerId)
          .column("quantity", "numeric", RulesService.HoldingChanged::quantity)
          .column("sequence", "bigint", RulesService.HoldingChanged::sequence);

  private final DatabaseClient db;

  R2dbcRulesStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<RulesVersion> inForce(String tokenId, Instant now) {
    return db.sql(IN_FORCE).bind("token", tokenId).bind("now", now).map(R2dbcRulesStore::of).one();
  }

  @Override
  public Mono<RulesVersion> scheduled(String tokenId, Instant now) {
    return db.sql(
            "select * from token_rules where token_id = :token and effective_at > :now"
                + " and version = (select max(version) from token_rules where token_id = :token)")
        .bind("token", tokenId)
        .bind("now", now)
        .map(R2dbcRulesStore::of)
        .one();
  }

  @Override
  public Mono<Long> lastVersion(String tokenId) {
    return db.sql("select coalesce(max(version), 0) as v from token_rules where token_id = :token")
        .bind("token", tokenId)
        .map(row -> row.get("v", Long.class))
        .one();
  }

  @Override
  public Mono<Void> insert(RulesVersion v) {
    TokenRules r = v.rules();
    var spec =
        db.sql(
                "insert into token_rules (token_id, version, max_holders,"
                    + " max_non_accredited_holders, accredited_only, allowed_jurisdictions,"
                    + " blocked_jurisdictions, max_holding, max_holding_percent, lockup_days,"
                    + " lockup_all_purchases, min_order_size, effective_at, reason, changed_by,"
                    + " changed_at) values (:token, :version, :maxHolders, :maxNonAccredited,"
                    + " :accreditedOnly, :allowed, :blocked, :maxHolding, :maxHoldingPercent,"
                    + " :lockupDays, :lockupAll, :minOrder, :effectiveAt, :reason, :by, :at)")
            .bind("token", v.tokenId())
            .bind("version", v.version())
            .bind("accreditedOnly", r.accreditedOnly())
            .bind("allowed", r.allowedJurisdictions().toArray(String[]::new))
            .bind("blocked", r.blockedJurisdictions().toArray(String[]::new))
            .bind("lockupAll", r.lockupAllPurchases())
            .bind("effectiveAt", v.effectiveAt())
            .bind("reason", v.reason())
            .bind("by", v.changedBy())
            .bind("at", v.changedAt());
    spec = Sql.bind(spec, "maxHolders", r.maxHolders(), Long.class);
    spec = Sql.bind(spec, "maxNonAccredited", r.maxNonAccreditedHolders(), Long.class);
    spec = Sql.bind(spec, "maxHolding", r.maxHolding(), BigDecimal.class);
    spec = Sql.bind(spec, "maxHoldingPercent", r.maxHoldingPercent(), BigDecimal.class);
    spec = Sql.bind(spec, "lockupDays", r.lockupDays(), Long.class);
    spec = Sql.bind(spec, "minOrder", r.minOrderSize(), BigDecimal.class);
    return spec.fetch().rowsUpdated().then();
  }

  @Override
  public Flux<RulesVersion> versions(String tokenId) {
    return db.sql("select * from token_rules where token_id = :token order by version")
        .bind("token", tokenId)
        .map(R2dbcRulesStore::of)
        .all();
  }

  @Override
  public Mono<Void> holdingsChanged(List<RulesService.HoldingChanged> changes) {
    var upsert =
        db.sql(
            "insert into holding_state (token_id, owner_id, quantity, sequence) select * from "
                + HOLDINGS.clause()
                + " on conflict (token_id, owner_id) do update set"
                + " quantity = excluded.quantity, sequence = excluded.sequence"
                + " where holding_state.sequence < excluded.sequence");
    return HOLDINGS.bind(upsert, changes).fetch().rowsUpdated().then();
  }

  private static final String HOLDER_FACTS =
      "select (select coalesce(sum(quantity), 0) from holding_state where token_id = :token"
          + " and owner_id = :owner) as held,"
          + " (select coalesce(sum(remaining_quantity), 0) from trade_order where owner_id = :owner"
          + " and token_id = :token and side = 'buy'"
          + " and status in ('pending', 'open', 'partially_filled')) as open_buys,"
          + " (select count(*) from holding_state h join token t on t.token_id = h.token_id"
          + " where h.token_id = :token and h.quantity > 0 and h.owner_id <> t.issuer_id)"
          + " as holders,"
          + " (select count(*) from holding_state h join token t on t.token_id = h.token_id"
          + " left join kyc_standing k on k.investor_id = h.owner_id"
          + " where h.token_id = :token and h.quantity > 0 and h.owner_id <> t.issuer_id"
          + " and not (coalesce(k.accreditation, 'none') = 'accredited'"
          + " and (k.accreditation_expires_at is null or k.accreditation_expires_at > :now)))"
          + " as non_accredited";

  @Override
  public Mono<HolderFacts> holderFacts(String tokenId, String ownerId, Instant now) {
    return db.sql(HOLDER_FACTS)
        .bind("token", tokenId)
        .bind("owner", ownerId)
        .bind("now", now)
        .map(
            row ->
                new HolderFacts(
                    row.get("held", BigDecimal.class),
                    row.get("open_buys", BigDecimal.class),
                    row.get("holders", Long.class),
                    row.get("non_accredited", Long.class)))
        .one();
  }

  private static RulesVersion of(Readable row) {
    return new RulesVersion(
        row.get("token_id", String.class),
        row.get("version", Long.class),
        rules(row),
        row.get("effective_at", Instant.class),
        row.get("reason", String.class),
        row.get("changed_by", String.class),
        row.get("changed_at", Instant.class));
  }

  /** The rules of a {@code token_rules} row (its columns under their own names). */
  static TokenRules rules(Readable row) {
    return new TokenRules(
        row.get("max_holders", Long.class),
        row.get("max_non_accredited_holders", Long.class),
        Boolean.TRUE.equals(row.get("accredited_only", Boolean.class)),
        List.of(row.get("allowed_jurisdictions", String[].class)),
        List.of(row.get("blocked_jurisdictions", String[].class)),
        plain(row.get("max_holding", BigDecimal.class)),
        plain(row.get("max_holding_percent", BigDecimal.class)),
        row.get("lockup_days", Long.class),
        Boolean.TRUE.equals(row.get("lockup_all_purchases", Boolean.class)),
        plain(row.get("min_order_size", BigDecimal.class)));
  }

  private static BigDecimal plain(BigDecimal value) {
    if (value == null) {
      return null;
    }
    BigDecimal s = value.stripTrailingZeros();
    return s.scale() < 0 ? s.setScale(0) : s;
  }
}
