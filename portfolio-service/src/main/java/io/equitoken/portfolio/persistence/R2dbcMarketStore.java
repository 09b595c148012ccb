package io.equitoken.portfolio.persistence;

import io.equitoken.portfolio.market.MarketStore;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

@Component
class R2dbcMarketStore implements MarketStore {

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
  public Mono<Void> pricesObserved(java.util.List<PriceObserved> prices) {
    if (prices.isEmpty()) {
      return Mono.empty();
    }
    int n = prices.size();
    String[] tokens = new String[n];
    String[] at = new String[n];
    String[] events = new String[n];
    String[] price = new String[n];
    String[] source = new String[n];
    for (int i = 0; i < n; i++) {
      PriceObserved p = prices.get(i);
      tokens[i] = p.tokenId();
      at[i] = p.at().toString();
      events[i] = p.eventId();
      price[i] = p.price().toPlainString();
      source[i] = p.source();
    }
    return db.sql(
            "insert into price_point (token_id, at, event_id, price, source)"
                + " select * from unnest(cast(:tokens as text[]), cast(:at as timestamptz[]),"
                + " cast(:events as text[]), cast(:prices as numeric[]), cast(:sources as text[]))"
                + " on conflict do nothing")
        .bind("tokens", tokens)
        .bind("at", at)
        .bind("events", events)
        .bind("prices", price)
        .bind("sources", source)
        .then();
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
