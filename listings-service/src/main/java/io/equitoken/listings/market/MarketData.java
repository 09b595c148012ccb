package io.equitoken.listings.market;

import io.equitoken.listings.kernel.Amounts;
import io.equitoken.listings.listing.Listing;
import io.equitoken.listings.listing.ListingStore;
import io.equitoken.listings.token.Token;
import io.equitoken.listings.token.TokenStore;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Keeps a token's price, valuation (price × supply) and its listing's raise progress in line with
 * trading. Runs inside the caller's transaction (with the dedupe records of a whole poll, {@link
 * #observedAll}), so a redelivered event changes nothing twice.
 *
 * <p>Raise progress is money actually paid to the issuer: the gross proceeds (what buyers paid,
 * before the platform fee) of every cash ledger entry with reason {@code sell} on the issuer's own
 * account, once per trade. A trade alone raises nothing: only its cash leg does. Sales by investors
 * move the price but raise nothing for the startup.
 */
public class MarketData {

  private final TokenStore tokens;
  private final ListingStore listings;
  private final IssuerProceeds proceeds;

  public MarketData(TokenStore tokens, ListingStore listings, IssuerProceeds proceeds) {
    this.tokens = tokens;
    this.listings = listings;
    this.proceeds = proceeds;
  }

  public Mono<MarketOutcome> priceObserved(PriceObserved fact) {
    return priceObserved(fact, token -> {});
  }

  /**
   * {@link #priceObserved(PriceObserved)}, handing the token it read (and locked) to {@code read}.
   */
  private Mono<MarketOutcome> priceObserved(PriceObserved fact, Consumer<Token> read) {
    return tokens
        .findByIdForUpdate(fact.tokenId())
        .doOnNext(read)
        .flatMap(token -> applyPrice(token, fact.price(), fact.asOf()))
        .defaultIfEmpty(MarketOutcome.UNKNOWN_TOKEN);
  }

  /** What became of a poll's facts about one token. */
  public record TokenOutcome(String tokenId, String what, MarketOutcome outcome) {}

  /**
   * A poll's facts applied together, as applying them one by one would leave the data: per token,
   * only the newest of its prices and trades is applied (an older one would be overwritten by it or
   * refused as stale; of equal times the later fact wins, as it would one by one), and the issuer's
   * proceeds of its trades are recorded in one statement and the raise progress recomputed once.
   * Tokens are taken in id order, so two transactions lock rows in one order; a token is read once
   * per poll (the row its price locked also names its issuer and listing for the proceeds).
   */
  public Flux<TokenOutcome> observedAll(List<? extends MarketFact> facts) {
    Map<String, PriceObserved> newest = new TreeMap<>();
    Map<String, List<ProceedsObserved>> paid = new TreeMap<>();
    for (MarketFact fact : facts) {
      if (fact instanceof ProceedsObserved p) {
        paid.computeIfAbsent(p.tokenId(), t -> new ArrayList<>()).add(p);
        continue;
      }
      PriceObserved price =
          fact instanceof TradeObserved t
              ? new PriceObserved(t.tokenId(), t.price(), t.executedAt())
              : (PriceObserved) fact;
      newest.merge(
          price.tokenId(), price, (was, now) -> now.asOf().isBefore(was.asOf()) ? was : now);
    }
    // a token read (and locked) for its price serves its proceeds too: one read per token
    Map<String, Token> read = new HashMap<>();
    return Flux.concat(
        Flux.fromIterable(newest.values())
            .concatMap(
                p ->
                    priceObserved(p, token -> read.put(token.tokenId(), token))
                        .map(o -> new TokenOutcome(p.tokenId(), "price", o))),
        Flux.defer(
            () ->
                Flux.fromIterable(paid.entrySet())
                    .concatMap(
                        e ->
                            proceedsObserved(
                                    read.containsKey(e.getKey())
                                        ? Mono.just(read.get(e.getKey()))
                                        : tokens.findById(e.getKey()),
                                    e.getValue())
                                .map(o -> new TokenOutcome(e.getKey(), "proceeds", o)))));
  }

  /**
   * After proceeds were recorded, the listing (read under its row lock) raised by what was new;
   * nothing when every trade had been recorded before.
   */
  private Mono<MarketOutcome> raiseProgressAfter(
      Listing listing, IssuerProceeds.Recorded recorded) {
    if (recorded.trades() == 0) {
      return Mono.just(MarketOutcome.ALREADY_PAID);
    }
    return listings
        .updateRaiseProgress(
            listing.id(), Amounts.normalize(listing.raiseProgress().add(recorded.gross())))
        .thenReturn(MarketOutcome.APPLIED);
  }

  /**
   * The issuer's proceeds among {@code facts} (all of one token) added to the listing's raise
   * progress, once per trade. Under the listing's row lock, the progress grows by exactly the
   * proceeds of the trades the same statement recorded as new, so a replay (under any event id) or
   * a concurrent payment cannot count anything twice, and the cost does not grow with the listing's
   * history.
   */
  private Mono<MarketOutcome> proceedsObserved(Mono<Token> tokenOf, List<ProceedsObserved> facts) {
    return tokenOf
        .flatMap(
            token -> {
              List<ProceedsObserved> issuers =
                  facts.stream()
                      .filter(f -> token.issuerPrincipalId().equals(f.ownerId()))
                      .toList();
              if (issuers.isEmpty()) {
                return Mono.just(MarketOutcome.NOT_THE_ISSUER);
              }
              return listings
                  .findByIdForUpdate(token.listingId())
                  .flatMap(
                      listing ->
                          proceeds
                              .recordAll(listing.id(), issuers)
                              .flatMap(recorded -> raiseProgressAfter(listing, recorded)));
            })
        .defaultIfEmpty(MarketOutcome.UNKNOWN_TOKEN);
  }

  /** Facts of one token arrive in order, but a replayed dead letter may be older: keep newest. */
  private Mono<MarketOutcome> applyPrice(Token token, BigDecimal price, java.time.Instant asOf) {
    if (asOf.isBefore(token.priceAsOf())) {
      return Mono.just(MarketOutcome.STALE_PRICE);
    }
    return tokens.updatePrice(token.withPrice(price, asOf)).thenReturn(MarketOutcome.APPLIED);
  }
}
