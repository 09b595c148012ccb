package io.equitoken.platform.web.security;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.jwk.source.RateLimitReachedException;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jwt.SignedJWT;
import java.net.MalformedURLException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The JWKS as every service and the gateway see it: Nimbus' JWK set cache (time to live {@code
 * cache-ttl}) with its rate limiter, so a token naming an unknown {@code kid} refetches the set at
 * most twice per {@code jwks-refetch-cooldown} (Nimbus lets a second call through for a key
 * rotation) — a storm of random {@code kid}s costs identity-service a bounded number of fetches
 * instead of one each. Tokens whose key is not found while the limiter holds are refused (401).
 */
public final class ThrottledJwkSource implements Function<SignedJWT, Flux<JWK>> {

  private final JWKSource<SecurityContext> source;

  public ThrottledJwkSource(URI jwksUri, Duration cacheTtl, Duration refetchCooldown) {
    try {
      this.source =
          JWKSourceBuilder.<SecurityContext>create(
                  jwksUri.toURL(), new DefaultResourceRetriever(2_000, 2_000, 256 * 1024))
              .cache(cacheTtl.toMillis(), 5_000)
              .rateLimited(refetchCooldown.toMillis())
              .retrying(false)
              .refreshAheadCache(false)
              .build();
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException("equitoken.security.jwks-uri: " + jwksUri, e);
    }
  }

  @Override
  public Flux<JWK> apply(SignedJWT jwt) {
    JWKSelector selector = new JWKSelector(JWKMatcher.forJWSHeader(jwt.getHeader()));
    // the cached answer is immediate; a fetch blocks, so it runs off the event loop
    return Mono.fromCallable(() -> source.get(selector, null))
        .subscribeOn(Schedulers.boundedElastic())
        // limiter holding: no key for this kid, i.e. an invalid token (401), not a server error
        .onErrorResume(RateLimitReachedException.class, e -> Mono.just(List.of()))
        .flatMapMany(Flux::fromIterable);
  }
}
