package io.equitoken.trading.service.web;

import io.equitoken.platform.web.Problem;
import io.equitoken.platform.web.ProblemWriter;
import io.equitoken.trading.service.kernel.Refused;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/**
 * The domain's refusals as problem+json (400, 422, 403, 404, 409) with the field at fault. Runs
 * just before the platform's handler, which takes everything else. Goes away when platform-web maps
 * platform-core's refusals itself.
 */
@Component
@Order(-3)
class RefusalWebExceptionHandler implements WebExceptionHandler {

  @Override
  public Mono<Void> handle(ServerWebExchange exchange, Throwable ex) {
    if (ex instanceof Refused refused) {
      return ProblemWriter.write(exchange, toProblem(refused));
    }
    return Mono.error(ex);
  }

  static Problem toProblem(Refused r) {
    Problem problem =
        switch (r.kind()) {
          case INVALID -> Problem.of(400, r.code(), "Bad request", r.detail());
          case UNPROCESSABLE -> Problem.of(422, r.code(), "Unprocessable content", r.detail());
          case FORBIDDEN -> Problem.of(403, r.code(), "Forbidden", r.detail());
          case NOT_FOUND -> Problem.of(404, r.code(), "Not found", r.detail());
          case CONFLICT -> Problem.of(409, r.code(), "Conflict", r.detail());
        };
    if (r.field() != null) {
      problem = problem.with("field", r.field());
    }
    for (var property : r.properties().entrySet()) {
      problem = problem.with(property.getKey(), property.getValue());
    }
    return problem;
  }
}
