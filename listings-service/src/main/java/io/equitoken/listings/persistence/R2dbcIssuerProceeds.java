package io.equitoken.listings.persistence;

import io.equitoken.listings.market.IssuerProceeds;
import io.equitoken.listings.market.ProceedsObserved;
import java.math.BigDecimal;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

@Component
class R2dbcIssuerProceeds implements IssuerProceeds {

  private final DatabaseClient db;

  R2dbcIssuerProceeds(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<Recorded> record(String listingId, ProceedsObserved fact) {
    return recordAll(listingId, List.of(fact));
  }

  /**
   * One statement: the rows not known before are inserted, and their count and gross sum come back
   * from the same statement, so the caller adds exactly what was new.
   */
  @Override
  public Mono<Recorded> recordAll(String listingId, List<ProceedsObserved> facts) {
    int n = facts.size();
    String[] trades = new String[n];
    String[] tokens = new String[n];
    String[] gross = new String[n];
    String[] fees = new String[n];
    String[] paidAt = new String[n];
    for (int i = 0; i < n; i++) {
      ProceedsObserved f = facts.get(i);
      trades[i] = f.tradeId();
      tokens[i] = f.tokenId();
      gross[i] = f.gross().toPlainString();
      fees[i] = f.fee().toPlainString();
      paidAt[i] = f.paidAt().toString();
    }
    return db.sql(
            "with recorded as (insert into issuer_proceeds"
                + " (trade_id, listing_id, token_id, gross, fee, paid_at)"
                + " select trade, :listing, token, gross, fee, paid_at from unnest("
                + "cast(:trades as text[]), cast(:tokens as text[]), cast(:gross as numeric[]),"
                + " cast(:fees as numeric[]), cast(:paidAt as timestamptz[]))"
                + " as p(trade, token, gross, fee, paid_at)"
                + " on conflict (trade_id) do nothing returning gross)"
                + " select count(*) as trades, coalesce(sum(gross), 0) as gross from recorded")
        .bind("listing", listingId)
        .bind("trades", trades)
        .bind("tokens", tokens)
        .bind("gross", gross)
        .bind("fees", fees)
        .bind("paidAt", paidAt)
        .map(
            row ->
                new Recorded(
                    row.get("trades", Long.class).intValue(), row.get("gross", BigDecimal.class)))
        .one();
  }
}
