package io.equitoken.listings.web;

import io.equitoken.listings.idempotency.KeyReusedException;
import io.equitoken.listings.listing.RejectedException;
import io.equitoken.listings.listing.Rejection;
import io.equitoken.platform.web.Problem;
import io.equitoken.platform.web.ProblemWriter;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/**
 * Answers the domain's rejections as problem+json: invalid → 400, forbidden → 403, not found → 404,
 * conflict (e.g. a transition not allowed from the current state) → 409. Runs just before the
 * platform's handler, which takes everything else.
 */
@Component
@Order(-3)
class RejectionWebExceptionHandler implements WebExceptionHandler {

  @Override
  public Mono<Void> handle(ServerWebExchange exchange, Throwable ex) {
    if (ex instanceof RejectedException rejected) {
      return ProblemWriter.write(exchange, toProblem(rejected.rejection()));
    }
    if (ex instanceof KeyReusedException reused) {
      return ProblemWriter.write(
          exchange,
          Problem.of(409, "idempotency-key-reused", "Conflict", reused.getMessage())
              .with("field", IdempotencyKeys.HEADER));
    }
    return Mono.error(ex);
  }

  static Problem toProblem(Rejection rejection) {
    Problem problem =
        switch (rejection.kind()) {
          case INVALID -> Problem.of(400, rejection.code(), "Bad request", rejection.detail());
          case FORBIDDEN -> Problem.of(403, rejection.code(), "Forbidden", rejection.detail());
          case NOT_FOUND -> Problem.of(404, rejection.code(), "Not found", rejection.detail());
          case CONFLICT -> Problem.of(409, rejection.code(), "Conflict", rejection.detail());
        };
    for (var property : rejection.properties().entrySet()) {
      problem = problem.with(property.getKey(), property.getValue());
    }
    return problem;
  }
}
