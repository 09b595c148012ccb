package io.equitoken.listings.market;

import io.equitoken.listings.kernel.Amounts;
import io.equitoken.listings.listing.ListingStore;
import io.equitoken.listings.token.Token;
import io.equitoken.listings.token.TokenStore;
import java.math.BigDecimal;
import reactor.core.publisher.Mono;

/**
 * Keeps a token's price, valuation (price × supply) and its listing's raise progress in line with
 * trading. Runs inside the caller's transaction (one per event, with the dedupe record), so a
 * redelivered event changes nothing twice.
 *
 * <p>Raise progress is money raised by the issuer: the value (price × quantity) of every trade in
 * which the issuer — who was credited with the whole supply — is the seller. Trades between
 * investors move the price but raise nothing for the startup.
 */
public class MarketData {

  private final TokenStore tokens;
  private final ListingStore listings;

  public MarketData(TokenStore tokens, ListingStore listings) {
    this.tokens = tokens;
    this.listings = listings;
  }

  public Mono<MarketOutcome> priceObserved(PriceObserved fact) {
    return tokens
        .findByIdForUpdate(fact.tokenId())
        .flatMap(token -> applyPrice(token, fact.price(), fact.asOf()))
        .defaultIfEmpty(MarketOutcome.UNKNOWN_TOKEN);
  }

  public Mono<MarketOutcome> tradeObserved(TradeObserved fact) {
    return tokens
        .findByIdForUpdate(fact.tokenId())
        .flatMap(
            token ->
                raiseProgress(token, fact).then(applyPrice(token, fact.price(), fact.executedAt())))
        .defaultIfEmpty(MarketOutcome.UNKNOWN_TOKEN);
  }

  private Mono<Void> raiseProgress(Token token, TradeObserved fact) {
    if (!token.issuerPrincipalId().equals(fact.sellerId())) {
      return Mono.empty();
    }
    BigDecimal raised = fact.price().multiply(fact.quantity());
    return listings
        .findByIdForUpdate(token.listingId())
        .flatMap(
            listing ->
                listings.updateRaiseProgress(
                    listing.id(), Amounts.normalize(listing.raiseProgress().add(raised))));
  }

  /** Facts of one token arrive in order, but a replayed dead letter may be older: keep newest. */
  private Mono<MarketOutcome> applyPrice(Token token, BigDecimal price, java.time.Instant asOf) {
    if (asOf.isBefore(token.priceAsOf())) {
      return Mono.just(MarketOutcome.STALE_PRICE);
    }
    return tokens.updatePrice(token.withPrice(price, asOf)).thenReturn(MarketOutcome.APPLIED);
  }
}
