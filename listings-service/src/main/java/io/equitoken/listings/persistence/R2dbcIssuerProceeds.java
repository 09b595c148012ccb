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
  public Mono<Boolean> record(String listingId, ProceedsObserved fact) {
    return db.sql(
            "insert into issuer_proceeds (trade_id, listing_id, token_id, gross, fee, paid_at)"
                + " values (:trade, :listing, :token, :gross, :fee, :paidAt)"
                + " on conflict (trade_id) do nothing")
        .bind("trade", fact.tradeId())
        .bind("listing", listingId)
        .bind("token", fact.tokenId())
        .bind("gross", fact.gross())
        .bind("fee", fact.fee())
        .bind("paidAt", fact.paidAt())
        .fetch()
        .rowsUpdated()
        .map(n -> n == 1);
  }

  @Override
  public Mono<Integer> recordAll(String listingId, List<ProceedsObserved> facts) {
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
            "insert into issuer_proceeds (trade_id, listing_id, token_id, gross, fee, paid_at)"
                + " select trade, :listing, token, gross, fee, paid_at from unnest("
                + "cast(:trades as text[]), cast(:tokens as text[]), cast(:gross as numeric[]),"
                + " cast(:fees as numeric[]), cast(:paidAt as timestamptz[]))"
                + " as p(trade, token, gross, fee, paid_at)"
                + " on conflict (trade_id) do nothing")
        .bind("listing", listingId)
        .bind("trades", trades)
        .bind("tokens", tokens)
        .bind("gross", gross)
        .bind("fees", fees)
        .bind("paidAt", paidAt)
        .fetch()
        .rowsUpdated()
        .map(Long::intValue);
  }

  @Override
  public Mono<BigDecimal> total(String listingId) {
    return db.sql(
            "select coalesce(sum(gross), 0) as total from issuer_proceeds where listing_id = :l")
        .bind("l", listingId)
        .map(row -> row.get("total", BigDecimal.class))
        .one();
  }
}
