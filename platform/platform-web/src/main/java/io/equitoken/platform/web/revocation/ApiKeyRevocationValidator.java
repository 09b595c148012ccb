package io.equitoken.platform.web.revocation;

import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.Jwt;

/**
 * Refuses tokens of revoked API keys ({@code azp} is the key id), and every token while the
 * revocation set is stale (fail closed: a revoked key's token must not pass just because Kafka is
 * unreachable).
 */
public final class ApiKeyRevocationValidator implements OAuth2TokenValidator<Jwt> {

  private static final Logger log = LoggerFactory.getLogger(ApiKeyRevocationValidator.class);
  private static final OAuth2Error REFUSED =
      new OAuth2Error(OAuth2ErrorCodes.INVALID_TOKEN, "token refused", null);

  private final RevokedApiKeys revoked;
  private final AtomicLong lastStaleWarning = new AtomicLong();

  public ApiKeyRevocationValidator(RevokedApiKeys revoked) {
    this.revoked = revoked;
  }

  @Override
  public OAuth2TokenValidatorResult validate(Jwt token) {
    if (!revoked.isFresh()) {
      warnStale();
      return OAuth2TokenValidatorResult.failure(REFUSED);
    }
    String apiKey = token.getClaimAsString("azp");
    if (apiKey != null && revoked.isRevoked(apiKey)) {
      return OAuth2TokenValidatorResult.failure(REFUSED);
    }
    return OAuth2TokenValidatorResult.success();
  }

  private void warnStale() {
    long now = System.nanoTime();
    long last = lastStaleWarning.get();
    if (now - last > 10_000_000_000L && lastStaleWarning.compareAndSet(last, now)) {
      log.warn(
          "Refusing bearer tokens: the API key revocation set is not known to be up to date"
              + " (identity.events.v1 unreadable?)");
    }
  }
}
