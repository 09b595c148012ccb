package io.equitoken.listings.persistence;

import io.equitoken.listings.listing.Listing;
import io.equitoken.listings.token.Compartment;
import io.equitoken.listings.token.IsinTakenException;
import io.equitoken.listings.token.Token;
import io.equitoken.listings.token.TokenStore;
import io.equitoken.platform.web.cache.NotifiedCache;
import io.r2dbc.spi.Readable;
import java.math.BigDecimal;
import java.time.Instant;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

@Repository
class R2dbcTokenStore implements TokenStore {

  private static final String SELECT =
      "select id, listing_id, isin, token_name, supply, price, compartment_id,"
          + " issuer_principal_id, issued_at, price_as_of from token";

  private final DatabaseClient db;
  private final NotifiedCache<String, Listing> listingReadCache;

  /** A listing is read with its token's supply and price: token writes tell the listing's cache. */
  R2dbcTokenStore(DatabaseClient db, NotifiedCache<String, Listing> listingReadCache) {
    this.db = db;
    this.listingReadCache = listingReadCache;
  }

  @Override
  public Mono<Token> findById(String tokenId) {
    return db.sql(SELECT + " where id = :id").bind("id", tokenId).map(this::toToken).one();
  }

  @Override
  public Mono<Token> findByIdForUpdate(String tokenId) {
    return db.sql(SELECT + " where id = :id for update")
        .bind("id", tokenId)
        .map(this::toToken)
        .one();
  }

  @Override
  public Mono<Compartment> findCompartment(String compartmentId) {
    return db.sql(
            "select id, jurisdiction, structure, bankruptcy_remote from compartment where id = :id")
        .bind("id", compartmentId)
        .map(
            row ->
                new Compartment(
                    row.get("id", String.class),
                    row.get("jurisdiction", String.class),
                    row.get("structure", String.class),
                    Boolean.TRUE.equals(row.get("bankruptcy_remote", Boolean.class))))
        .one();
  }

  @Override
  public Mono<Boolean> isinTaken(String isin) {
    return db.sql("select exists (select 1 from token where isin = :isin) as taken")
        .bind("isin", isin)
        .map(row -> Boolean.TRUE.equals(row.get("taken", Boolean.class)))
        .one();
  }

  @Override
  public Mono<Void> insert(Token token, Compartment compartment) {
    Mono<Void> insertCompartment =
        db.sql(
                "insert into compartment (id, jurisdiction, structure, bankruptcy_remote)"
                    + " values (:id, :jurisdiction, :structure, :remote)")
            .bind("id", compartment.compartmentId())
            .bind("jurisdiction", compartment.jurisdiction())
            .bind("structure", compartment.structure())
            .bind("remote", compartment.bankruptcyRemote())
            .then();
    Mono<Void> insertToken =
        db.sql(
                "insert into token (id, listing_id, isin, token_name, supply, price,"
                    + " compartment_id, issuer_principal_id, issued_at, price_as_of) values (:id,"
                    + " :listing, :isin, :name, :supply, :price, :compartment, :issuer, :issuedAt,"
                    + " :priceAsOf)")
            .bind("id", token.tokenId())
            .bind("listing", token.listingId())
            .bind("isin", token.isin())
            .bind("name", token.tokenName())
            .bind("supply", token.supply())
            .bind("price", token.price())
            .bind("compartment", token.compartmentId())
            .bind("issuer", token.issuerPrincipalId())
            .bind("issuedAt", token.issuedAt())
            .bind("priceAsOf", token.priceAsOf())
            .then();
    return insertCompartment
        .then(insertToken)
        .doOnSuccess(done -> listingReadCache.changed(token.listingId()))
        .onErrorMap(
            e ->
                e instanceof DataIntegrityViolationException
                    && String.valueOf(e.getMessage()).contains("token_isin_unique"),
            e -> new IsinTakenException(token.isin()));
  }

  @Override
  public Mono<Void> updatePrice(Token token) {
    return db.sql("update token set price = :price, price_as_of = :asOf where id = :id")
        .bind("id", token.tokenId())
        .bind("price", token.price())
        .bind("asOf", token.priceAsOf())
        .then()
        .doOnSuccess(done -> listingReadCache.changed(token.listingId()));
  }

  private Token toToken(Readable row) {
    return new Token(
        row.get("id", String.class),
        row.get("listing_id", String.class),
        row.get("isin", String.class),
        row.get("token_name", String.class),
        row.get("supply", BigDecimal.class),
        row.get("price", BigDecimal.class),
        row.get("compartment_id", String.class),
        row.get("issuer_principal_id", String.class),
        row.get("issued_at", Instant.class),
        row.get("price_as_of", Instant.class));
  }
}
