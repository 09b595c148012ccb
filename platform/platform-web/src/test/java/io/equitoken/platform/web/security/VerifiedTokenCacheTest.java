package io.equitoken.platform.web.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.equitoken.platform.test.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtValidationException;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import reactor.core.publisher.Mono;

class VerifiedTokenCacheTest {

  private static final Duration TTL = Duration.ofMinutes(5);

  private static final Instant ISSUED = Instant.parse("2026-11-23T02:00:00Z");

  private final MutableClock clock = MutableClock.fixedAt(ISSUED);
  private final AtomicInteger signatureChecks = new AtomicInteger();
  private final AtomicBoolean revoked = new AtomicBoolean();
  private Duration lifetime = Duration.ofMinutes(15);

  /**
   * Stands in for Nimbus: counts the signature checks, refuses tokens starting with "forged"; every
   * other token was issued at {@code ISSUED} and lives {@code lifetime}.
   */
  private final ReactiveJwtDecoder signatureChecker =
      token -> {
        signatureChecks.incrementAndGet();
        if (token.startsWith("forged")) {
          return Mono.error(new BadJwtException("Signed JWT rejected: Invalid signature"));
        }
        return Mono.just(
            Jwt.withTokenValue(token)
                .header("alg", "ES256")
                .subject("inv-alice")
                .issuedAt(ISSUED)
                .expiresAt(ISSUED.plus(lifetime))
                .build());
      };

  private final OAuth2TokenValidator<Jwt> validator =
      jwt ->
          revoked.get()
              ? OAuth2TokenValidatorResult.failure(
                  new OAuth2Error("invalid_token", "The API key of this token was revoked", null))
              : jwt.getExpiresAt().isAfter(clock.instant())
                  ? OAuth2TokenValidatorResult.success()
                  : OAuth2TokenValidatorResult.failure(
                      new OAuth2Error("invalid_token", "Jwt expired", null));

  private VerifiedTokenCache cache(long maxEntries) {
    return new VerifiedTokenCache(signatureChecker, validator, TTL, maxEntries, clock);
  }

  @Test
  void shouldCheckATokensSignatureOnlyOnce() {
    VerifiedTokenCache cache = cache(100);

    Jwt first = cache.decode("token-a").block();
    Jwt second = cache.decode("token-a").block();

    assertThat(second).isSameAs(first);
    assertThat(signatureChecks).hasValue(1);
  }

  @Test
  void shouldRunEveryValidatorOnEveryDecodeCachedOrNot() {
    VerifiedTokenCache cache = cache(100);
    cache.decode("token-a").block();

    revoked.set(true);

    assertThatThrownBy(() -> cache.decode("token-a").block())
        .isInstanceOf(JwtValidationException.class)
        .hasMessage(
            "An error occurred while attempting to decode the Jwt: The API key of this token was"
                + " revoked");
    assertThat(signatureChecks).hasValue(1);
  }

  @Test
  void shouldCheckTheSignatureAgainAfterTheTtl() {
    VerifiedTokenCache cache = cache(100);
    cache.decode("token-a").block();

    clock.advance(TTL.plusSeconds(1));
    cache.decode("token-a").block();

    assertThat(signatureChecks).hasValue(2);
  }

  @Test
  void shouldNeverKeepATokenPastItsExpiry() {
    lifetime = Duration.ofSeconds(10);
    VerifiedTokenCache cache = cache(100);
    cache.decode("token-a").block();

    clock.advance(Duration.ofSeconds(11));

    assertThat(cache.size()).isZero();
  }

  @Test
  void shouldRefuseATokenFromItsExpiryOn() {
    lifetime = Duration.ofSeconds(10);
    VerifiedTokenCache cache = cache(100);
    Jwt jwt = cache.decode("token-a").block();

    clock.set(jwt.getExpiresAt());

    assertThatThrownBy(() -> cache.decode("token-a").block())
        .isInstanceOf(JwtValidationException.class);
    clock.advance(Duration.ofMinutes(1));
    assertThatThrownBy(() -> cache.decode("token-a").block())
        .isInstanceOf(JwtValidationException.class);
  }

  @Test
  void shouldNeverCacheATokenThatFailedItsCheck() {
    VerifiedTokenCache cache = cache(100);

    for (int i = 0; i < 3; i++) {
      assertThatThrownBy(() -> cache.decode("forged-token").block())
          .isInstanceOf(BadJwtException.class);
    }

    assertThat(signatureChecks).hasValue(3);
    assertThat(cache.size()).isZero();
  }

  @Test
  void shouldKeepAtMostMaxEntriesTokens() {
    VerifiedTokenCache cache = cache(2);

    for (int i = 0; i < 50; i++) {
      cache.decode("token-" + i).block();
    }

    assertThat(cache.size()).isLessThanOrEqualTo(2);
  }
}
