package io.equitoken.platform.web.problem;

import io.equitoken.platform.web.security.AuthenticationFailureLimit;
import java.util.Optional;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.web.server.ServerAuthenticationEntryPoint;
import org.springframework.security.web.server.authorization.ServerAccessDeniedHandler;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * 401 and 403 as problem+json. The 401 says only that a valid token is needed; which check failed
 * (signature, expiry, issuer, audience) is not revealed to the caller.
 */
public class ProblemSecurityHandlers
    implements ServerAuthenticationEntryPoint, ServerAccessDeniedHandler {

  private final AuthenticationFailureLimit failures;

  public ProblemSecurityHandlers() {
    this(exchange -> Optional.empty());
  }

  public ProblemSecurityHandlers(AuthenticationFailureLimit failures) {
    this.failures = failures;
  }

  @Override
  public Mono<Void> commence(ServerWebExchange exchange, AuthenticationException ex) {
    Optional<Problem> overBudget = failures.countFailure(exchange);
    if (overBudget.isPresent()) {
      return ProblemWriter.write(exchange, overBudget.get());
    }
    boolean tokenPresented =
        ex instanceof InvalidBearerTokenException
            || exchange.getRequest().getHeaders().getFirst("Authorization") != null;
    exchange
        .getResponse()
        .getHeaders()
        .set("WWW-Authenticate", tokenPresented ? "Bearer error=\"invalid_token\"" : "Bearer");
    Problem problem =
        tokenPresented
            ? Problem.of(
                401,
                "invalid-token",
                "Unauthorized",
                "The bearer token is invalid or expired; request a new one at POST /auth/token.")
            : Problem.of(
                401,
                "unauthenticated",
                "Unauthorized",
                "A bearer token is required; request one at POST /auth/token.");
    return ProblemWriter.write(exchange, problem);
  }

  @Override
  public Mono<Void> handle(ServerWebExchange exchange, AccessDeniedException denied) {
    return failures
        .countDenied(exchange)
        .defaultIfEmpty(Optional.empty())
        .flatMap(
            overBudget ->
                ProblemWriter.write(
                    exchange,
                    overBudget.orElseGet(
                        () ->
                            Problem.of(
                                403,
                                "forbidden",
                                "Forbidden",
                                "Your roles do not allow "
                                    + exchange.getRequest().getMethod()
                                    + " "
                                    + exchange.getRequest().getPath().value()
                                    + "."))));
  }
}
