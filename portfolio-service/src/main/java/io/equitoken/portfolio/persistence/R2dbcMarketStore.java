package io.equitoken.portfolio.persistence;

import io.equitoken.platform.events.UnnestRows;
import io.equitoken.portfolio.market.MarketStore;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

@Component
class R2dbcMarketStore implements MarketStore {

  private static final UnnestRows<PriceObserved> PRICES =
      UnnestRows.<PriceObserved>as("p")
          .column("token_id", "text", PriceObserved::tokenId)
          .column("at", "timestamptz", PriceObserved::at)
          .column("event_id", "text", PriceObserved::eventId)
          .column("price", "numeric", PriceObserved::price)
          .column("source", "text", PriceObserved::source);

  private final DatabaseClient db;

  R2dbcMarketStore(DatabaseClient db) {
    this.db = db;
  }

  @Override
  public Mono<Void> tokenIssued(TokenIssued t) {
    return db.sql(
            "insert into token (token_id, listing_id, token_name, supply, issue_price, issuer_id,"
                + " issued_at) values (:token, :listing, :name, :supply, :price, :issuer, :at)"
                + " on conflict do nothing")
        .bind("token", t.tokenId())
        .bind("listing", t.listingId())
        .bind("name", t.tokenName())
        .bind("supply", t.supply())
        .bind("price", t.price())
        .bind("issuer", t.issuerId())
        .bind("at", t.issuedAt())
        .then();
  }

  @Override
  public Mono<Void> listingNamed(ListingNamed l) {
    // Ties on time go to the greater name, so the answer never depends on arrival order.
    return db.sql(
            "insert into listing (listing_id, name, named_at) values (:listing, :name, :at)"
                + " on conflict (listing_id) do update set name = excluded.name,"
                + " named_at = excluded.named_at where listing.named_at < excluded.named_at"
                + " or (listing.named_at = excluded.named_at and listing.name < excluded.name)")
        .bind("listing", l.listingId())
        .bind("name", l.name())
        .bind("at", l.at())
        .then();
  }

  @Override
  public Mono<Void> pricesObserved(List<PriceObserved> prices) {
    if (prices.isEmpty()) {
      return Mono.empty();
    }
    var insert =
        db.sql(
            "insert into price_point (token_id, at, event_id, price, source) select * from "
                + PRICES.clause()
                + " on conflict do nothing");
    return PRICES.bind(insert, prices).then();
  }

  @Override
  public Mono<Void> priceObserved(PriceObserved p) {
    return db.sql(
            "insert into price_point (token_id, at, event_id, price, source)"
                + " values (:token, :at, :event, :price, :source) on conflict do nothing")
        .bind("token", p.tokenId())
        .bind("at", p.at())
        .bind("event", p.eventId())
        .bind("price", p.price())
        .bind("source", p.source())
        .then();
  }
}
