package io.equitoken.platform.web.security;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import reactor.core.publisher.Mono;

/**
 * A bearer token's signature is checked once, not on every request. Clients reuse one access token
 * for its whole lifetime (15 minutes by default), and every request is checked twice — at the
 * gateway and in the service — so without this most of a request's CPU can go into ES256 ({@code
 * JwtVerifyBenchmark}). What is cached is only "these exact bytes carry a valid signature of a key
 * in the key set, and decode to this {@link Jwt}": every request still runs every {@link
 * #validator} (expiry, issuer, audience, token shape, the API key revocation set) on it.
 *
 * <p>An entry lives at most {@code ttl} (the JWKS cache's lifetime: a token is never trusted longer
 * than the key set it was checked against would have been) and never past the token's {@code exp};
 * at most {@code maxEntries} tokens are kept (least recently used go first). Failed decodes are
 * never cached, so a forged token costs a full check every time, as before.
 */
public final class VerifiedTokenCache implements ReactiveJwtDecoder {

  private static final String DECODING_ERROR =
      "An error occurred while attempting to decode the Jwt: %s";

  private final ReactiveJwtDecoder signatureChecker;
  private final OAuth2TokenValidator<Jwt> validator;
  private final Cache<String, Jwt> verified;

  /**
   * @param signatureChecker decodes and checks the signature, with no claim validation of its own
   * @param validator run on every decode, cached or not
   */
  public VerifiedTokenCache(
      ReactiveJwtDecoder signatureChecker,
      OAuth2TokenValidator<Jwt> validator,
      Duration ttl,
      long maxEntries,
      Clock clock) {
    this.signatureChecker = signatureChecker;
    this.validator = validator;
    this.verified =
        Caffeine.newBuilder()
            .maximumSize(maxEntries)
            .executor(Runnable::run)
            .ticker(ticker(clock))
            .expireAfter(
                new Expiry<String, Jwt>() {
                  @Override
                  public long expireAfterCreate(String token, Jwt jwt, long currentTime) {
                    Instant now = clock.instant();
                    Instant until =
                        jwt.getExpiresAt() == null || jwt.getExpiresAt().isAfter(now.plus(ttl))
                            ? now.plus(ttl)
                            : jwt.getExpiresAt();
                    return Math.max(0, Duration.between(now, until).toNanos());
                  }

                  @Override
                  public long expireAfterUpdate(
                      String token, Jwt jwt, long currentTime, long currentDuration) {
                    return currentDuration;
                  }

                  @Override
                  public long expireAfterRead(
                      String token, Jwt jwt, long currentTime, long currentDuration) {
                    return currentDuration;
                  }
                })
            .build();
  }

  @Override
  public Mono<Jwt> decode(String token) {
    Jwt cached = verified.getIfPresent(token);
    Mono<Jwt> checked =
        cached != null
            ? Mono.just(cached)
            : signatureChecker.decode(token).doOnNext(jwt -> verified.put(token, jwt));
    return checked.map(this::validated);
  }

  private Jwt validated(Jwt jwt) {
    OAuth2TokenValidatorResult result = validator.validate(jwt);
    if (result.hasErrors()) {
      Collection<OAuth2Error> errors = result.getErrors();
      throw new JwtValidationException(message(errors), errors);
    }
    return jwt;
  }

  /** The message Spring's Nimbus decoder gives the same failure. */
  private static String message(Collection<OAuth2Error> errors) {
    for (OAuth2Error error : errors) {
      if (error.getDescription() != null && !error.getDescription().isEmpty()) {
        return String.format(DECODING_ERROR, error.getDescription());
      }
    }
    return "Unable to validate Jwt";
  }

  /** How many verified tokens are kept now (for tests and metrics). */
  public long size() {
    verified.cleanUp();
    return verified.estimatedSize();
  }

  private static Ticker ticker(Clock clock) {
    return () -> {
      Instant now = clock.instant();
      return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    };
  }
}
