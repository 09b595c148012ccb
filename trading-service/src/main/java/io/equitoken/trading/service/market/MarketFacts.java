package io.equitoken.trading.service.market;

import io.equitoken.platform.core.EventPublisher;
import io.equitoken.trading.service.kernel.TradingMessage;
import io.equitoken.trading.service.window.WindowClock;
import java.math.BigDecimal;
import java.time.Instant;
import reactor.core.publisher.Mono;

/**
 * Applies listings' and compliance's facts to trading's read models. A newly issued token is
 * registered with the matcher ({@code token.register}: the issuer is credited with the whole
 * supply); a token that becomes tradable joins every open window covering it. Runs inside the
 * consumer's transaction, so the read model and the commands commit together.
 */
public final class MarketFacts {

  private final MarketStore store;
  private final EventPublisher<TradingMessage> messages;
  private final WindowClock clock;

  public MarketFacts(
      MarketStore store, EventPublisher<TradingMessage> messages, WindowClock clock) {
    this.store = store;
    this.messages = messages;
    this.clock = clock;
  }

  /** The register command the matcher gets for a token. */
  public record Register(
      String tokenId,
      String issuerId,
      BigDecimal supply,
      BigDecimal issuePrice,
      BigDecimal tickSize,
      BigDecimal lotSize,
      Instant at)
      implements TradingMessage {}

  public Mono<Void> tokenIssued(
      String listingId,
      String tokenId,
      String issuerId,
      BigDecimal supply,
      BigDecimal price,
      Instant issuedAt) {
    TokenInfo token =
        new TokenInfo(
            tokenId,
            listingId,
            issuerId,
            supply,
            price,
            Grid.tickFor(price),
            Grid.lotFor(supply),
            issuedAt);
    return store
        .saveToken(token)
        .filter(Boolean::booleanValue)
        .flatMap(
            fresh ->
                messages
                    .publish(
                        new Register(
                            tokenId,
                            issuerId,
                            supply,
                            price,
                            token.tickSize(),
                            token.lotSize(),
                            issuedAt))
                    .then(store.listingStatusOf(listingId))
                    .filter("active"::equals)
                    .flatMap(active -> clock.tokenBecameTradable(tokenId)));
  }

  public Mono<Void> listingChanged(String listingId, String status, String tokenId, Instant at) {
    return store
        .listingStatus(listingId, status, tokenId, at)
        .filter(Boolean::booleanValue)
        .flatMap(
            active ->
                Mono.justOrEmpty(tokenId)
                    .switchIfEmpty(store.tokenOfListing(listingId))
                    .flatMap(t -> store.token(t))
                    .flatMap(t -> clock.tokenBecameTradable(t.tokenId())));
  }

  public Mono<Void> kycChanged(KycStanding standing) {
    return store.kyc(standing);
  }
}
