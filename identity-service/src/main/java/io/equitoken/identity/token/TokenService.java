package io.equitoken.identity.token;

import com.nimbusds.jwt.JWTClaimsSet;
import io.equitoken.identity.apikey.ApiKey;
import io.equitoken.identity.apikey.ApiKeyRepository;
import io.equitoken.identity.apikey.SecretHasher;
import io.equitoken.identity.signing.SigningKeys;
import io.equitoken.platform.core.Refusal;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * Exchanges API key credentials for an access token. Every failure — unknown key, wrong secret,
 * revoked key — is the same empty answer after the same work (one lookup, one HMAC, one
 * constant-time comparison), so neither the answer nor its timing tells which part was wrong. After
 * too many failures for one key id from one client address, or for one key id from all addresses
 * together ({@link FailedSecretLimiter}), the attempts it covers are refused with 429 {@code
 * too-many-failed-secrets} and {@code retryAfterSeconds} until its window ends, before any secret
 * is checked.
 */
public class TokenService {

  private final ApiKeyRepository keys;
  private final SecretHasher hasher;
  private final SigningKeys signingKeys;
  private final TokenSettings settings;
  private final FailedSecretLimiter limiter;
  private final Clock clock;

  public TokenService(
      ApiKeyRepository keys,
      SecretHasher hasher,
      SigningKeys signingKeys,
      TokenSettings settings,
      FailedSecretLimiter limiter,
      Clock clock) {
    this.keys = keys;
    this.hasher = hasher;
    this.signingKeys = signingKeys;
    this.settings = settings;
    this.limiter = limiter;
    this.clock = clock;
  }

  /**
   * A token, or empty when the credentials are not valid (for whatever reason); a refusal (429)
   * when the key id had too many failed secrets lately from this address or from all of them.
   */
  public Mono<AccessToken> issue(String apiKeyId, String secret, ClientAddress from) {
    return Mono.defer(
        () ->
            limiter
                .blockedFor(apiKeyId, from)
                .<Mono<AccessToken>>map(lockout -> Mono.error(tooManyFailures(lockout)))
                .orElseGet(
                    () ->
                        check(apiKeyId, secret)
                            .doOnNext(token -> limiter.succeeded(apiKeyId, from))
                            .switchIfEmpty(
                                Mono.fromRunnable(() -> limiter.failed(apiKeyId, from)))));
  }

  private static RuntimeException tooManyFailures(FailedSecretLimiter.Lockout lockout) {
    long seconds = Math.max(1, (lockout.retryAfter().toMillis() + 999) / 1000);
    String whence =
        lockout.scope() == FailedSecretLimiter.Scope.ADDRESS
            ? "this API key from this address"
            : "this API key from all addresses";
    return Refusal.of(
            Refusal.Kind.TOO_MANY_REQUESTS,
            "too-many-failed-secrets",
            "Too many wrong secrets for " + whence + " lately; try again in " + seconds + " s")
        .with("retryAfterSeconds", seconds)
        .exception();
  }

  private Mono<AccessToken> check(String apiKeyId, String secret) {
    return keys.findById(apiKeyId)
        .map(key -> new Checked(key, hasher.matches(secret, key.secretHash())))
        .switchIfEmpty(Mono.fromSupplier(() -> new Checked(null, hasher.matchesDummy(secret))))
        .filter(checked -> checked.key() != null && checked.secretMatches())
        .map(Checked::key)
        // evaluated after the secret check so that a revoked key costs as much as any other
        .filter(key -> !key.isRevoked())
        .flatMap(this::sign);
  }

  private Mono<AccessToken> sign(ApiKey key) {
    return signingKeys
        .signer()
        .map(
            signer -> {
              Instant now = clock.instant();
              JWTClaimsSet claims =
                  new JWTClaimsSet.Builder()
                      .issuer(settings.issuer())
                      .audience(settings.audience())
                      .subject(key.principalId())
                      .claim("roles", key.sortedRoles())
                      .claim("azp", key.id())
                      .issueTime(Date.from(now))
                      .expirationTime(Date.from(now.plus(settings.lifetime())))
                      .jwtID(UUID.randomUUID().toString())
                      .build();
              return new AccessToken(signer.sign(claims), settings.lifetime().toSeconds());
            });
  }

  private record Checked(ApiKey key, boolean secretMatches) {}
}
