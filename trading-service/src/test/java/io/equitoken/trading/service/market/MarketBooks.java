package io.equitoken.trading.service.market;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** trading's read models of listings' and compliance's facts, kept in maps. */
public final class MarketBooks implements MarketStore {

  /** A listing's newest status, the token it lists (if known) and when it changed. */
  public record Listing(String status, String tokenId, Instant changedAt) {}

  public final Map<String, TokenInfo> tokens = new LinkedHashMap<>();
  public final Map<String, Listing> listings = new LinkedHashMap<>();
  public final Map<String, KycStanding> kyc = new LinkedHashMap<>();

  @Override
  public Mono<Boolean> saveToken(TokenInfo token) {
    return Mono.fromSupplier(() -> tokens.putIfAbsent(token.tokenId(), token) == null);
  }

  @Override
  public Mono<TokenInfo> token(String tokenId) {
    return Mono.fromSupplier(() -> tokens.get(tokenId));
  }

  @Override
  public Mono<Boolean> listingStatus(String listingId, String status, String tokenId, Instant at) {
    return Mono.fromSupplier(
        () -> {
          Listing before = listings.get(listingId);
          if (before != null && before.changedAt().isAfter(at)) {
            return false;
          }
          String token = tokenId != null ? tokenId : before == null ? null : before.tokenId();
          listings.put(listingId, new Listing(status, token, at));
          return "active".equals(status) && (before == null || !"active".equals(before.status()));
        });
  }

  @Override
  public Mono<String> listingStatusOf(String listingId) {
    return Mono.fromSupplier(
        () -> listings.containsKey(listingId) ? listings.get(listingId).status() : null);
  }

  @Override
  public Mono<String> tokenOfListing(String listingId) {
    return Flux.fromIterable(tokens.values())
        .filter(t -> listingId.equals(t.listingId()))
        .map(TokenInfo::tokenId)
        .next();
  }

  @Override
  public Flux<String> tradable() {
    return Flux.defer(
        () ->
            Flux.fromIterable(
                tokens.values().stream()
                    .filter(t -> "active".equals(listingStatusOf(t.listingId()).block()))
                    .map(TokenInfo::tokenId)
                    .sorted()
                    .toList()));
  }

  @Override
  public Mono<Void> kyc(KycStanding standing) {
    return Mono.fromRunnable(
        () ->
            kyc.merge(
                standing.investorId(),
                standing,
                (old, next) -> old.changedAt().isAfter(next.changedAt()) ? old : next));
  }

  @Override
  public Mono<OrderFacts> orderFacts(String tokenId, String investorId, Instant now) {
    return Mono.fromSupplier(
        () -> {
          TokenInfo token = tokens.get(tokenId);
          boolean tradable =
              token != null && "active".equals(listingStatusOf(token.listingId()).block());
          return new OrderFacts(token, kyc.get(investorId), tradable, null);
        });
  }

  /** As {@link #orderFacts}: the books have no concurrent orders to serialise. */
  @Override
  public Mono<OrderFacts> orderFactsLockingOpenOrders(
      String tokenId, String investorId, Instant now) {
    return orderFacts(tokenId, investorId, now);
  }
}
