package io.equitoken.listings.listing;

import io.equitoken.listings.kernel.Ids;
import io.equitoken.listings.token.Compartment;
import io.equitoken.listings.token.IsinTakenException;
import io.equitoken.listings.token.Token;
import io.equitoken.listings.token.TokenStore;
import io.equitoken.platform.core.EventPublisher;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.core.Transactions;
import java.time.Clock;
import java.time.Instant;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The write side: loads a listing under a row lock, lets it decide, stores the new state and
 * publishes the decided events, all in one transaction.
 */
public class ListingService {

  private final ListingStore listings;
  private final TokenStore tokens;
  private final EventPublisher<ListingEvent> events;
  private final Transactions transactions;
  private final Ids ids;
  private final Clock clock;

  public ListingService(
      ListingStore listings,
      TokenStore tokens,
      EventPublisher<ListingEvent> events,
      Transactions transactions,
      Ids ids,
      Clock clock) {
    this.listings = listings;
    this.tokens = tokens;
    this.events = events;
    this.transactions = transactions;
    this.ids = ids;
    this.clock = clock;
  }

  /**
   * Creates a draft. A founder creates for themselves; an operator may name another founder.
   * (Idempotency-Keys are the web adapter's, with platform-web's {@code Idempotency}: this runs
   * inside its transaction.)
   *
   * @param founderId null means the caller
   */
  public Mono<Listing> create(Actor actor, String founderId, ListingContent content) {
    return create(actor, founderId, content, ids.newId());
  }

  /** As {@link #create}, with the id chosen by the caller (demo data uses fixed ids). */
  public Mono<Listing> create(
      Actor actor, String founderId, ListingContent content, String listingId) {
    String owner = founderId == null ? actor.principalId() : founderId;
    if (!actor.operator() && !owner.equals(actor.principalId())) {
      return Mono.error(
          Refusal.of(
                  Refusal.Kind.FORBIDDEN,
                  "founder-mismatch",
                  "A founder creates listings only for themselves; leave founderId out or set it"
                      + " to your own principal id.")
              .withField("founderId")
              .exception());
    }
    Mono<Void> insert =
        Mono.defer(() -> listings.insert(Listing.draft(listingId, owner, content, now())));
    return transactions.inTransaction(insert.then(Mono.defer(() -> load(listingId))));
  }

  public Mono<Listing> edit(Actor actor, String id, ListingChanges changes) {
    return decide(id, listing -> listing.edit(actor, changes, now()));
  }

  public Mono<Listing> publish(Actor actor, String id) {
    return decide(id, listing -> listing.publish(actor, now()));
  }

  public Mono<Listing> suspend(Actor actor, String id, String reason) {
    return decide(id, listing -> listing.suspend(actor, reason, now()));
  }

  public Mono<Listing> reactivate(Actor actor, String id) {
    return decide(id, listing -> listing.reactivate(actor, now()));
  }

  public Mono<Listing> close(Actor actor, String id) {
    return decide(id, listing -> listing.close(actor, now()));
  }

  /** Issues the listing's token with its compartment; only once per listing, ISINs unique. */
  public Mono<Token> issueToken(Actor actor, String listingId, TokenIssuance issue) {
    return issueToken(actor, listingId, issue, ids.newId(), ids.newId());
  }

  public Mono<Token> issueToken(
      Actor actor, String listingId, TokenIssuance issue, String tokenId, String compartmentId) {
    Mono<Void> work =
        lockedListing(listingId)
            .flatMap(
                listing ->
                    accepted(listing.issueToken(actor, issue, tokenId, compartmentId, now())))
            .flatMap(accepted -> storeIssued(accepted, issue, compartmentId));
    return transactions.inTransaction(work.then(Mono.defer(() -> tokens.findById(tokenId))));
  }

  private Mono<Void> storeIssued(Decision.Accepted accepted, TokenIssuance issue, String cid) {
    ListingEvent.TokenIssued issued = (ListingEvent.TokenIssued) accepted.events().get(0);
    Token token =
        new Token(
            issued.tokenId(),
            issued.listingId(),
            issued.isin(),
            issued.tokenName(),
            issued.supply(),
            issued.price(),
            cid,
            issued.issuerPrincipalId(),
            issued.issuedAt(),
            issued.issuedAt());
    Compartment compartment =
        new Compartment(cid, issue.jurisdiction(), issue.structure(), issue.bankruptcyRemote());
    return tokens
        .isinTaken(issued.isin())
        .flatMap(
            taken ->
                taken
                    ? Mono.error(isinTaken(issued.isin()).exception())
                    : tokens
                        .insert(token, compartment)
                        .onErrorMap(
                            IsinTakenException.class, e -> isinTaken(issued.isin()).exception())
                        .then(listings.update(accepted.listing()))
                        .then(publishAll(accepted)));
  }

  static Refusal isinTaken(String isin) {
    return Refusal.of(
            Refusal.Kind.CONFLICT,
            "isin-taken",
            "ISIN " + isin + " is already assigned to another token.")
        .withField("isin");
  }

  private Mono<Listing> decide(String id, Function<Listing, Decision> command) {
    return transactions.inTransaction(
        lockedListing(id)
            .flatMap(
                listing ->
                    accepted(command.apply(listing))
                        .flatMap(
                            a ->
                                a.listing() == listing
                                    ? Mono.just(listing)
                                    : listings
                                        .update(a.listing())
                                        .then(publishAll(a))
                                        .then(Mono.just(a.listing())))));
  }

  private static Mono<Decision.Accepted> accepted(Decision decision) {
    if (decision instanceof Decision.Rejected rejected) {
      return Mono.error(rejected.rejection().exception());
    }
    return Mono.just((Decision.Accepted) decision);
  }

  private Mono<Void> publishAll(Decision.Accepted accepted) {
    return Flux.fromIterable(accepted.events()).concatMap(events::publish).then();
  }

  private Mono<Listing> lockedListing(String id) {
    return listings
        .findByIdForUpdate(id)
        .switchIfEmpty(Mono.error(() -> Listing.notFound(id).exception()));
  }

  private Mono<Listing> load(String id) {
    return listings.findById(id).switchIfEmpty(Mono.error(() -> Listing.notFound(id).exception()));
  }

  private Instant now() {
    return clock.instant();
  }
}
