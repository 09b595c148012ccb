package io.equitoken.listings.listing;

import io.equitoken.listings.token.Compartment;
import io.equitoken.listings.token.Token;
import io.equitoken.listings.token.TokenStore;
import io.equitoken.platform.core.Refusal;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The read side. A listing that is not active, and its token, exist only for their founder and
 * operators; everyone else gets "not found", so drafts are never revealed.
 */
public class ListingQueries {

  private final ListingStore listings;
  private final TokenStore tokens;

  public ListingQueries(ListingStore listings, TokenStore tokens) {
    this.listings = listings;
    this.tokens = tokens;
  }

  /** One page of active listings, {@code limit + 1} rows so the caller can see if more follow. */
  public Flux<Listing> active(ListingFilter filter, PageKey after, int limit) {
    return listings.findActive(filter, after, limit);
  }

  public Mono<Listing> listing(Actor actor, String id) {
    return listings
        .findById(id)
        .filter(listing -> listing.visibleTo(actor))
        .switchIfEmpty(Mono.error(() -> Listing.notFound(id).exception()));
  }

  public Mono<Token> token(Actor actor, String tokenId) {
    return tokens
        .findById(tokenId)
        .filterWhen(token -> listings.findById(token.listingId()).map(l -> l.visibleTo(actor)))
        .switchIfEmpty(Mono.error(() -> tokenNotFound(tokenId).exception()));
  }

  public Mono<Compartment> compartment(Actor actor, String tokenId) {
    return token(actor, tokenId).flatMap(token -> tokens.findCompartment(token.compartmentId()));
  }

  private static Refusal tokenNotFound(String tokenId) {
    return Refusal.of(
        Refusal.Kind.NOT_FOUND, "token-not-found", "No token " + tokenId + " exists.");
  }
}
