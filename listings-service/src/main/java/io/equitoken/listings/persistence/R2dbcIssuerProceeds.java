package io.equitoken.listings.persistence;

import io.equitoken.listings.market.IssuerProceeds;
import io.equitoken.listings.market.ProceedsObserved;
import io.equitoken.platform.events.UnnestRows;
import java.math.BigDecimal;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

@Component
class R2dbcIssuerProceeds implements IssuerProceeds {

  private static final UnnestRows<ProceedsObserved> PROCEEDS =
      UnnestRows.<ProceedsObserved>as("p")
          .column("trade_id", "text", ProceedsObserved::tradeId)
          .column("token_id", "text", ProceedsObserved::tokenId)
          .column("gross", "numeric", ProceedsObserved::gross)
          .column("fee", "numeric", ProceedsObserved::fee)
          .column("paid_at", "timestamptz", ProceedsObserved::paidAt);

  private final DatabaseClient db;

  R2dbcIssuerProceeds(DatabaseClient db) {
    this.db = db;
  }

  /**
   * One statement: the rows not known before are inserted, and their count and gross sum come back
   * from the same statement, so the caller adds exactly what was new.
   */
  @Override
  public Mono<Recorded> recordAll(String listingId, List<ProceedsObserved> facts) {
    var statement =
        db.sql(
                "with recorded as (insert into issuer_proceeds"
                    + " (trade_id, listing_id, token_id, gross, fee, paid_at)"
                    + " select trade_id, :listing, token_id, gross, fee, paid_at from "
                    + PROCEEDS.clause()
                    + " on conflict (trade_id) do nothing returning gross)"
                    + " select count(*) as trades, coalesce(sum(gross), 0) as gross from recorded")
            .bind("listing", listingId);
    return PROCEEDS
        .bind(statement, facts)
        .map(
            row ->
                new Recorded(
                    row.get("trades", Long.class).intValue(), row.get("gross", BigDecimal.class)))
        .one();
  }
}
