package io.equitoken.platform.web.security;

import io.equitoken.platform.web.problem.Problem;
import java.util.Optional;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Counts requests that fail authentication (no token, or an invalid one) against a budget of the
 * caller's choosing — the gateway uses its per-client-address bucket — so that floods of forged
 * tokens are limited like anonymous calls. A service declares at most one as a bean; without one,
 * failures are not counted.
 */
@FunctionalInterface
public interface AuthenticationFailureLimit {

  /** Counts this failure; a problem (e.g. 429) to answer instead of the 401 once over budget. */
  Optional<Problem> countFailure(ServerWebExchange exchange);

  /**
   * Counts a request refused with 403 (a valid token whose roles do not allow the call), which
   * never reaches the filters behind security: like any answer it carries the budget's headers; a
   * problem (e.g. 429) to answer instead once over budget. Not counted by default.
   */
  default Mono<Optional<Problem>> countDenied(ServerWebExchange exchange) {
    return Mono.just(Optional.empty());
  }
}
