package io.equitoken.platform.web;

import io.equitoken.platform.web.problem.ProblemException;
import java.util.List;
import java.util.Set;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import reactor.core.publisher.Mono;

/**
 * The authenticated caller as the JWT says: {@code principalId} is the {@code sub} claim (an
 * investor's id), {@code roles} the {@code roles} claim, {@code apiKeyId} the {@code azp} claim
 * (the API key the token was issued for). Object-level authorisation starts here.
 */
public record Caller(String principalId, Set<String> roles, String tokenId, String apiKeyId) {

  public Caller {
    roles = Set.copyOf(roles);
  }

  public Caller(String principalId, Set<String> roles, String tokenId) {
    this(principalId, roles, tokenId, null);
  }

  public boolean hasRole(String role) {
    return roles.contains(role);
  }

  public boolean hasAnyRole(String... wanted) {
    for (String role : wanted) {
      if (roles.contains(role)) {
        return true;
      }
    }
    return false;
  }

  public boolean isOperator() {
    return hasRole(Roles.OPERATOR);
  }

  public static Caller from(Jwt jwt) {
    List<String> roles = jwt.getClaimAsStringList("roles");
    return new Caller(
        jwt.getSubject(),
        roles == null ? Set.of() : Set.copyOf(roles),
        jwt.getId(),
        jwt.getClaimAsString("azp"));
  }

  /** The current caller; errors with 401 problem if the request is not authenticated. */
  public static Mono<Caller> current() {
    return ReactiveSecurityContextHolder.getContext()
        .mapNotNull(ctx -> ctx.getAuthentication())
        .filter(JwtAuthenticationToken.class::isInstance)
        .map(auth -> from(((JwtAuthenticationToken) auth).getToken()))
        .switchIfEmpty(
            Mono.error(
                ProblemException.unauthorized(
                    "unauthenticated", "A valid bearer token is required.")));
  }
}
