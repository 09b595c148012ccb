package io.equitoken.webhooks.web;

import io.equitoken.platform.web.Problem;
import io.equitoken.platform.web.ProblemWriter;
import io.equitoken.webhooks.kernel.Refused;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/** Answers the service's refusals as problem+json naming the field; the platform does the rest. */
@Component
@Order(-3)
class RefusalWebExceptionHandler implements WebExceptionHandler {

  @Override
  public Mono<Void> handle(ServerWebExchange exchange, Throwable ex) {
    if (!(ex instanceof Refused refused)) {
      return Mono.error(ex);
    }
    Problem problem =
        switch (refused.kind()) {
          case INVALID -> Problem.of(400, refused.code(), "Bad request", refused.getMessage());
          case UNPROCESSABLE ->
              Problem.of(422, refused.code(), "Unprocessable content", refused.getMessage());
          case NOT_FOUND -> Problem.of(404, refused.code(), "Not found", refused.getMessage());
          case CONFLICT -> Problem.of(409, refused.code(), "Conflict", refused.getMessage());
        };
    if (refused.field() != null) {
      problem = problem.with("field", refused.field());
    }
    return ProblemWriter.write(exchange, problem);
  }
}
