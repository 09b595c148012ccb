package io.equitoken.platform.web.security;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimNames;

/**
 * What a token must look like beyond its signature: {@code iat} present, a lifetime ({@code exp} −
 * {@code iat}) of at most {@code maxLifetime} (so no token outlives the revocation set's memory),
 * {@code azp} (the API key it was issued for, so it can be revoked) and {@code roles} — when
 * present — a JSON array of strings only (a space-separated string is not split into roles).
 */
public final class TokenShape implements OAuth2TokenValidator<Jwt> {

  private static final OAuth2Error REFUSED =
      new OAuth2Error(OAuth2ErrorCodes.INVALID_TOKEN, "token refused", null);

  private final Duration maxLifetime;

  public TokenShape(Duration maxLifetime) {
    this.maxLifetime = maxLifetime;
  }

  @Override
  public OAuth2TokenValidatorResult validate(Jwt token) {
    Instant issued = token.getIssuedAt();
    Instant expires = token.getExpiresAt();
    String apiKey = token.getClaimAsString("azp");
    Object roles = token.getClaims().get("roles");
    boolean ok =
        issued != null
            && expires != null
            && Duration.between(issued, expires).compareTo(maxLifetime) <= 0
            && apiKey != null
            && !apiKey.isBlank()
            && (roles == null || isListOfStrings(roles))
            && token.getClaims().get(JwtClaimNames.SUB) instanceof String;
    return ok ? OAuth2TokenValidatorResult.success() : OAuth2TokenValidatorResult.failure(REFUSED);
  }

  private static boolean isListOfStrings(Object roles) {
    return roles instanceof List<?> list && list.stream().allMatch(String.class::isInstance);
  }
}
