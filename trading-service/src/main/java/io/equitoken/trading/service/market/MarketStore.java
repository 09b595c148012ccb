package io.equitoken.trading.service.market;

import java.time.Instant;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Port: trading's read models of listings' and compliance's events. */
public interface MarketStore {

  /** Stores the token; answers false if it was known already. */
  Mono<Boolean> saveToken(TokenInfo token);

  Mono<TokenInfo> token(String tokenId);

  /**
   * Records a listing's status if {@code at} is not older than what is stored; answers true when
   * the listing became active by this change.
   */
  Mono<Boolean> listingStatus(String listingId, String status, String tokenId, Instant at);

  Mono<String> listingStatusOf(String listingId);

  Mono<String> tokenOfListing(String listingId);

  Flux<String> tradable();

  Mono<Boolean> isTradable(String tokenId);

  /** Keeps the newest standing per investor (by {@code changedAt}). */
  Mono<Void> kyc(KycStanding standing);

  Mono<KycStanding> kyc(String investorId);
}
