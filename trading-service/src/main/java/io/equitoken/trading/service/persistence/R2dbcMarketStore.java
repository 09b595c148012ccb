package io.equitoken.trading.service.persistence;

import io.equitoken.platform.web.idempotency.PostgresTransactionLocks;
import io.equitoken.trading.service.market.KycStanding;
import io.equitoken.trading.service.market.MarketStore;
import io.equitoken.trading.service.market.OrderFacts;
import io.equitoken.trading.service.market.TokenInfo;
import io.equitoken.trading.service.rules.TokenRules;
import io.r2dbc.spi.Readable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@Component
class R2dbcMarketStore implements MarketStore {

  private static final String TRADABLE =
      "select t.token_id from token t join listing_state l on l.listing_id = t.listing_id"
          + " where l.status = 'active'";

  /**
   * One row whatever exists: the token and the KYC standing left-joined to it, the listing and the
   * window as sub-selects (the same conditions as {@link #tradable} and {@code
   * WindowStore.openFor}).
   */
  private static final String ORDER_FACTS = orderFacts("(select 1)");

  /** {@link #ORDER_FACTS} taking the open-order lock named by {@code :lock}. */
  private static final String ORDER_FACTS_LOCKING =
      orderFacts("(select " + PostgresTransactionLocks.lockCall("lock") + ")");

  /** The order facts of one row, {@code one} (a one-row subquery) outer-joined to them all. */
  private static String orderFacts(String one) {
    return "select t.token_id, t.listing_id, t.issuer_id, t.supply, t.issue_price, t.tick_size,"
        + " t.lot_size, t.issued_at, k.investor_id, k.kyc_state, k.expires_at, k.changed_at,"
        + " k.country, k.accreditation, k.accreditation_expires_at,"
        + " exists (select 1 from listing_state l where l.listing_id = t.listing_id"
        + " and l.status = 'active') as tradable,"
        + " (select w.id from liquidity_window w join window_token wt on wt.window_id = w.id"
        + " where w.status = 'open' and wt.token_id = :token order by w.opens limit 1)"
        + " as window_id,"
        + " (select count(*) from trade_order o where o.owner_id = :investor"
        + " and o.token_id = :token and o.status in ('pending', 'open', 'partially_filled'))"
        + " as open_orders,"
        + " (select e.price from executed_trade e where e.token_id = :token"
        + " order by e.executed_at desc limit 1) as last_price,"
        + " exists (select 1 from market_halt h where h.token_id = :token and h.halted)"
        + " as halted,"
        + " exists (select 1 from investor_freeze f where f.investor_id = :investor"
        + " and f.frozen) as frozen,"
        + " rules.version as rules_version, rules.max_holders, rules.max_non_accredited_holders,"
        + " rules.accredited_only, rules.allowed_jurisdictions, rules.blocked_jurisdictions,"
        + " rules.max_holding, rules.max_holding_percent, rules.lockup_days,"
        + " rules.lockup_all_purchases, rules.min_order_size"
        + " from "
        + one
        + " one left join token t on t.token_id = :token"
        + " left join kyc_standing k on k.investor_id = :investor"
        + " left join lateral ("
        + R2dbcRulesStore.IN_FORCE
        + ") rules on true";
  }

  private final DatabaseClient db;

  R2dbcMarketStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<Boolean> saveToken(TokenInfo t) {
    return db.sql(
            "insert into token (token_id, listing_id, issuer_id, supply, issue_price, tick_size,"
                + " lot_size, issued_at) values (:id, :listing, :issuer, :supply, :price, :tick,"
                + " :lot, :at) on conflict do nothing")
        .bind("id", t.tokenId())
        .bind("listing", t.listingId())
        .bind("issuer", t.issuerId())
        .bind("supply", t.supply())
        .bind("price", t.issuePrice())
        .bind("tick", t.tickSize())
        .bind("lot", t.lotSize())
        .bind("at", t.issuedAt())
        .fetch()
        .rowsUpdated()
        .map(n -> n == 1);
  }

  @Override
  public Mono<TokenInfo> token(String tokenId) {
    return db.sql("select * from token where token_id = :id")
        .bind("id", tokenId)
        .map(row -> tokenOf(row))
        .one();
  }

  private static TokenInfo tokenOf(Readable row) {
    return new TokenInfo(
        row.get("token_id", String.class),
        row.get("listing_id", String.class),
        row.get("issuer_id", String.class),
        row.get("supply", BigDecimal.class),
        row.get("issue_price", BigDecimal.class),
        row.get("tick_size", BigDecimal.class),
        row.get("lot_size", BigDecimal.class),
        row.get("issued_at", Instant.class));
  }

  private static KycStanding standingOf(Readable row) {
    return new KycStanding(
        row.get("investor_id", String.class),
        row.get("kyc_state", String.class),
        row.get("expires_at", Instant.class),
        row.get("changed_at", Instant.class),
        row.get("country", String.class),
        row.get("accreditation", String.class),
        row.get("accreditation_expires_at", Instant.class));
  }

  @Override
  public Mono<OrderFacts> orderFacts(String tokenId, String investorId, Instant now) {
    return orderFacts(db.sql(ORDER_FACTS), tokenId, investorId, now);
  }

  @Override
  public Mono<OrderFacts> orderFactsLockingOpenOrders(
      String tokenId, String investorId, Instant now) {
    return orderFacts(
        db.sql(ORDER_FACTS_LOCKING).bind("lock", OPEN_ORDERS_LOCK + investorId + "|" + tokenId),
        tokenId,
        investorId,
        now);
  }

  /** The lock of an owner's open orders on a token: {@code open-orders|<owner>|<token>}. */
  static final String OPEN_ORDERS_LOCK = "open-orders|";

  private static Mono<OrderFacts> orderFacts(
      DatabaseClient.GenericExecuteSpec statement, String tokenId, String investorId, Instant now) {
    return statement
        .bind("token", tokenId)
        .bind("investor", investorId)
        .bind("now", now)
        .map(
            row ->
                new OrderFacts(
                    row.get("token_id", String.class) == null ? null : tokenOf(row),
                    row.get("investor_id", String.class) == null ? null : standingOf(row),
                    Boolean.TRUE.equals(row.get("tradable", Boolean.class)),
                    row.get("window_id", UUID.class),
                    row.get("open_orders", Long.class),
                    row.get("last_price", BigDecimal.class),
                    Boolean.TRUE.equals(row.get("halted", Boolean.class)),
                    Boolean.TRUE.equals(row.get("frozen", Boolean.class)),
                    row.get("rules_version", Long.class) == null
                        ? TokenRules.NONE
                        : R2dbcRulesStore.rules(row)))
        .one();
  }

  @Override
  public Mono<Boolean> listingStatus(String listingId, String status, String tokenId, Instant at) {
    // The previous status comes back so that "became active" is decided under the row lock.
    var spec =
        db.sql(
            "with old as (select status from listing_state where listing_id = :id for update),"
                + " up as (insert into listing_state (listing_id, status, token_id, changed_at)"
                + " values (:id, :status, :token, :at) on conflict (listing_id) do update set"
                + " status = excluded.status, token_id = coalesce(excluded.token_id,"
                + " listing_state.token_id), changed_at = excluded.changed_at"
                + " where listing_state.changed_at <= excluded.changed_at returning status)"
                + " select (select status from up) as now, (select status from old) as before");
    spec = spec.bind("id", listingId).bind("status", status).bind("at", at);
    spec = Sql.bind(spec, "token", tokenId, String.class);
    return spec.map(
            row ->
                "active".equals(row.get("now", String.class))
                    && !"active".equals(row.get("before", String.class)))
        .one();
  }

  @Override
  public Mono<String> listingStatusOf(String listingId) {
    return db.sql("select status from listing_state where listing_id = :id")
        .bind("id", listingId)
        .map(row -> row.get("status", String.class))
        .one();
  }

  @Override
  public Mono<String> tokenOfListing(String listingId) {
    return db.sql("select token_id from token where listing_id = :id")
        .bind("id", listingId)
        .map(row -> row.get("token_id", String.class))
        .one();
  }

  @Override
  public Flux<String> tradable() {
    return db.sql(TRADABLE + " order by t.token_id")
        .map(row -> row.get("token_id", String.class))
        .all();
  }

  @Override
  public Mono<Void> kyc(KycStanding k) {
    var spec =
        db.sql(
            "insert into kyc_standing (investor_id, kyc_state, expires_at, changed_at, country,"
                + " accreditation, accreditation_expires_at) values (:id, :state, :expires, :at,"
                + " :country, :accreditation, :accreditationExpires) on conflict (investor_id) do"
                + " update set kyc_state = excluded.kyc_state, expires_at = excluded.expires_at,"
                + " changed_at = excluded.changed_at, country = excluded.country,"
                + " accreditation = excluded.accreditation,"
                + " accreditation_expires_at = excluded.accreditation_expires_at"
                + " where kyc_standing.changed_at <= excluded.changed_at");
    spec = spec.bind("id", k.investorId()).bind("state", k.kycState()).bind("at", k.changedAt());
    spec = Sql.bind(spec, "expires", k.expiresAt(), Instant.class);
    spec = Sql.bind(spec, "country", k.country(), String.class);
    spec = spec.bind("accreditation", k.accreditation() == null ? "none" : k.accreditation());
    spec = Sql.bind(spec, "accreditationExpires", k.accreditationExpiresAt(), Instant.class);
    return spec.fetch().rowsUpdated().then();
  }
}
