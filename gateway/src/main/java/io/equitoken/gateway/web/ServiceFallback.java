package io.equitoken.gateway.web;

import io.equitoken.platform.web.problem.Problem;
import io.equitoken.platform.web.problem.ProblemWebExceptionHandler;
import io.equitoken.platform.web.problem.ProblemWriter;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * What a client gets when its call to a service failed (down, too slow, or the breaker is open): a
 * 503 problem that names the service, says why, and when to retry. Written in place, on the
 * exchange of the call, so the request body never has to be kept for a second dispatch. An upload
 * abandoned at its cap ({@link UploadTooLargeException}) gets its {@code 413}, and a client's body
 * that stalled past the gateway's read timeout its {@code 408} (both the client's doing).
 */
public final class ServiceFallback {

  private static final long RETRY_AFTER_FAILED_CALL_SECONDS = 5;

  private final Duration openDuration;

  public ServiceFallback(Duration openDuration) {
    this.openDuration = openDuration;
  }

  public Mono<Void> answer(ServerWebExchange exchange, String service, Throwable failure) {
    if (exchange.getResponse().isCommitted()) {
      // the service's answer is on its way to the client already: nothing else can be said
      return Mono.error(failure);
    }
    var tooLarge = UploadTooLargeException.in(failure);
    if (tooLarge.isPresent()) {
      return UploadLimitWebFilter.refuse(exchange, tooLarge.get().limitBytes());
    }
    if (ProblemWebExceptionHandler.bodyTimeout(failure) != null) {
      // the client's body stalled: platform-web answers 408 problem+json
      return Mono.error(failure);
    }
    String reason;
    long retryAfter;
    if (failure instanceof CallNotPermittedException) {
      reason = "circuit-open";
      retryAfter = Math.max(1, openDuration.toSeconds());
    } else if (failure instanceof TimeoutException) {
      reason = "timeout";
      retryAfter = RETRY_AFTER_FAILED_CALL_SECONDS;
    } else {
      reason = "unreachable";
      retryAfter = RETRY_AFTER_FAILED_CALL_SECONDS;
    }
    // whatever the service's half-received answer put there is not this answer's
    exchange.getResponse().setStatusCode(null);
    exchange.getResponse().getHeaders().remove(HttpHeaders.CONTENT_TYPE);
    exchange.getResponse().getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
    exchange.getResponse().getHeaders().set(HttpHeaders.RETRY_AFTER, Long.toString(retryAfter));
    Problem problem =
        Problem.of(
                503,
                "service-unavailable",
                "Service unavailable",
                service
                    + " cannot answer right now ("
                    + reason
                    + "); retry after "
                    + retryAfter
                    + " s.")
            .with("service", service)
            .with("reason", reason);
    return ProblemWriter.write(exchange, problem);
  }
}
