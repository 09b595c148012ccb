package io.equitoken.listings.listing;

import static io.equitoken.listings.listing.ListingStatus.ACTIVE;
import static io.equitoken.listings.listing.ListingStatus.CLOSED;
import static io.equitoken.listings.listing.ListingStatus.DRAFT;
import static io.equitoken.listings.listing.ListingStatus.SUSPENDED;

import io.equitoken.listings.kernel.Amounts;
import io.equitoken.platform.core.Refusal;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A startup listing: its content, its place in the life cycle and, once issued, its token. Every
 * command answers a {@link Decision}; the rules of who may do what from which state live here.
 *
 * @param founderId the principal that owns the listing (the founder's JWT {@code sub})
 * @param raiseProgress the amount raised so far, in the same unit as {@code raiseTarget}
 * @param tokenomics null until the token is issued
 */
public record Listing(
    String id,
    String founderId,
    ListingContent content,
    ListingStatus status,
    BigDecimal raiseProgress,
    Tokenomics tokenomics,
    Instant createdAt,
    Instant updatedAt) {

  public Listing {
    raiseProgress = Amounts.normalize(raiseProgress);
  }

  /** The refusal for a listing that does not exist (or that the caller may not see). */
  public static Refusal notFound(String listingId) {
    return Refusal.notFound("listing-not-found", "No listing " + listingId + " exists.");
  }

  public static Listing draft(String id, String founderId, ListingContent content, Instant now) {
    return new Listing(id, founderId, content, DRAFT, BigDecimal.ZERO, null, now, now);
  }

  /** Active listings are public; the others only to their founder and operators. */
  public boolean visibleTo(Actor actor) {
    return status == ACTIVE || canBeChangedBy(actor);
  }

  public boolean canBeChangedBy(Actor actor) {
    return actor.operator() || founderId.equals(actor.principalId());
  }

  public Optional<String> tokenId() {
    return Optional.ofNullable(tokenomics).map(Tokenomics::tokenId);
  }

  public Decision edit(Actor actor, ListingChanges changes, Instant now) {
    Optional<Refusal> refused =
        refuseUnlessChangeableBy(actor).or(() -> expect(DRAFT, ACTIVE, SUSPENDED));
    if (refused.isPresent()) {
      return Decision.reject(refused.get());
    }
    ListingContent after = changes.applyTo(content);
    List<String> changed = ListingChanges.changedFields(content, after);
    if (changed.isEmpty()) {
      return Decision.accept(this);
    }
    Listing edited = with(after, status, tokenomics, now);
    if (status == DRAFT) {
      // Drafts are not public: nobody outside this service may learn that they exist.
      return Decision.accept(edited);
    }
    return Decision.accept(
        edited,
        new ListingEvent.Updated(
            id,
            status.value(),
            after.name(),
            after.sector().value(),
            after.stage().value(),
            after.country().code(),
            after.raiseTarget(),
            changed,
            now));
  }

  public Decision publish(Actor actor, Instant now) {
    Optional<Refusal> refused = refuseUnlessChangeableBy(actor).or(() -> expect(DRAFT));
    if (refused.isPresent()) {
      return Decision.reject(refused.get());
    }
    if (tokenomics == null) {
      return Decision.reject(
          Refusal.of(
                  Refusal.Kind.CONFLICT,
                  "token-required",
                  "A listing needs an issued token before it is published; issue it with POST"
                      + " /listings/"
                      + id
                      + "/token.")
              .with("currentStatus", status.value()));
    }
    Listing published = with(content, ACTIVE, tokenomics, now);
    return Decision.accept(
        published,
        new ListingEvent.Published(
            id,
            founderId,
            content.name(),
            content.sector().value(),
            content.stage().value(),
            content.country().code(),
            content.raiseTarget(),
            tokenomics.tokenId(),
            ACTIVE.value(),
            now));
  }

  /** Operators only: a platform measure (e.g. a compliance concern), not a founder's choice. */
  public Decision suspend(Actor actor, String reason, Instant now) {
    Optional<Refusal> refused = refuseUnlessOperator(actor).or(() -> expect(ACTIVE));
    if (refused.isPresent()) {
      return Decision.reject(refused.get());
    }
    return Decision.accept(
        with(content, SUSPENDED, tokenomics, now),
        new ListingEvent.Suspended(id, reason, actor.principalId(), now));
  }

  public Decision reactivate(Actor actor, Instant now) {
    Optional<Refusal> refused = refuseUnlessOperator(actor).or(() -> expect(SUSPENDED));
    if (refused.isPresent()) {
      return Decision.reject(refused.get());
    }
    return Decision.accept(
        with(content, ACTIVE, tokenomics, now),
        new ListingEvent.Reactivated(id, actor.principalId(), now));
  }

  /** Closing is final. A draft cannot be closed: it was never public, so it is simply left. */
  public Decision close(Actor actor, Instant now) {
    Optional<Refusal> refused = refuseUnlessChangeableBy(actor).or(() -> expect(ACTIVE, SUSPENDED));
    if (refused.isPresent()) {
      return Decision.reject(refused.get());
    }
    return Decision.accept(
        with(content, CLOSED, tokenomics, now),
        new ListingEvent.Closed(id, status.value(), actor.principalId(), now));
  }

  /** Issues the listing's one token, while it is still a draft; its supply goes to the founder. */
  public Decision issueToken(
      Actor actor, TokenIssuance issue, String tokenId, String compartmentId, Instant now) {
    Optional<Refusal> refused = refuseUnlessChangeableBy(actor);
    if (refused.isPresent()) {
      return Decision.reject(refused.get());
    }
    if (tokenomics != null) {
      return Decision.reject(
          Refusal.of(
                  Refusal.Kind.CONFLICT,
                  "token-already-issued",
                  "Listing " + id + " already has token " + tokenomics.tokenId() + ".")
              .with("tokenId", tokenomics.tokenId()));
    }
    refused = expect(DRAFT).or(() -> TokenRules.check(issue));
    if (refused.isPresent()) {
      return Decision.reject(refused.get());
    }
    Tokenomics issued = new Tokenomics(tokenId, issue.supply(), issue.initialPrice());
    return Decision.accept(
        with(content, status, issued, now),
        new ListingEvent.TokenIssued(
            id,
            tokenId,
            issue.isin(),
            issue.tokenName(),
            issued.tokenSupply(),
            issued.tokenPrice(),
            issued.valuation(),
            compartmentId,
            issue.jurisdiction(),
            founderId,
            actor.principalId(),
            now));
  }

  private Optional<Refusal> refuseUnlessChangeableBy(Actor actor) {
    if (!visibleTo(actor)) {
      return Optional.of(Listing.notFound(id));
    }
    if (!canBeChangedBy(actor)) {
      return Optional.of(
          Refusal.of(
              Refusal.Kind.FORBIDDEN,
              "not-listing-owner",
              "Only the listing's founder or an operator may change listing " + id + "."));
    }
    return Optional.empty();
  }

  private Optional<Refusal> refuseUnlessOperator(Actor actor) {
    if (!visibleTo(actor)) {
      return Optional.of(Listing.notFound(id));
    }
    if (!actor.operator()) {
      return Optional.of(
          Refusal.of(
              Refusal.Kind.FORBIDDEN,
              "operator-only",
              "Only an operator may suspend or reactivate a listing."));
    }
    return Optional.empty();
  }

  private Optional<Refusal> expect(ListingStatus... allowed) {
    if (Arrays.asList(allowed).contains(status)) {
      return Optional.empty();
    }
    String expected =
        Arrays.stream(allowed).map(ListingStatus::value).collect(Collectors.joining(", "));
    int lastComma = expected.lastIndexOf(", ");
    if (lastComma >= 0) {
      expected = expected.substring(0, lastComma) + " or " + expected.substring(lastComma + 2);
    }
    return Optional.of(
        Refusal.of(
                Refusal.Kind.CONFLICT,
                "invalid-listing-state",
                "Expected listing to be " + expected + ", but it is " + status.value() + ".")
            .with("currentStatus", status.value())
            .with("expectedStatus", Arrays.stream(allowed).map(ListingStatus::value).toList()));
  }

  private Listing with(
      ListingContent newContent, ListingStatus newStatus, Tokenomics newTokenomics, Instant now) {
    return new Listing(
        id, founderId, newContent, newStatus, raiseProgress, newTokenomics, createdAt, now);
  }

  public Listing withMarket(BigDecimal newRaiseProgress, Tokenomics newTokenomics) {
    return new Listing(
        id, founderId, content, status, newRaiseProgress, newTokenomics, createdAt, updatedAt);
  }
}
