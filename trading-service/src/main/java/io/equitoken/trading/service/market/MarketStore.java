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

  /** Keeps the newest standing per investor (by {@code changedAt}). */
  Mono<Void> kyc(KycStanding standing);

  /**
   * The token, the investor's KYC standing, whether the token is tradable, its open window (the
   * first by {@code opens}) and the rest of {@link OrderFacts}, with the token's transfer rules in
   * force at {@code now}, in one round trip: order intake's gates ({@code Gates}) and rules.
   */
  Mono<OrderFacts> orderFacts(String tokenId, String investorId, Instant now);

  /**
   * {@link #orderFacts}, read while taking the investor's open-order lock on the token for the rest
   * of the caller's transaction (call inside one), in the same round trip: the orders of one owner
   * on one token are serialised from this read to their commit, so that the open-order cap holds
   * exactly. The facts themselves are as of before the lock (its count of open orders is a
   * pre-check); the transaction's next statements see what the lock's last holder committed.
   */
  Mono<OrderFacts> orderFactsLockingOpenOrders(String tokenId, String investorId, Instant now);
}
