package io.equitoken.gateway.web;

import static org.springframework.cloud.gateway.support.ServerWebExchangeUtils.CIRCUITBREAKER_EXECUTION_EXCEPTION_ATTR;

import io.equitoken.gateway.config.GatewaySettings;
import io.equitoken.platform.core.Refusal;
import io.equitoken.platform.web.Problem;
import io.equitoken.platform.web.ProblemWriter;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Where a route's circuit breaker forwards when its service cannot answer (down, too slow, or the
 * breaker is open): a 503 problem that names the service, says why, and when to retry. Reached only
 * by that internal forward; a client calling the path directly gets 404. An upload abandoned at its
 * cap ({@link UploadTooLargeException}) gets its {@code 413} here instead.
 */
@RestController
public class FallbackController {

  public static final String PATH_PREFIX = "/_gateway/fallback/";
  private static final long RETRY_AFTER_FAILED_CALL_SECONDS = 5;

  private final Duration openDuration;

  public FallbackController(GatewaySettings settings) {
    this.openDuration = settings.circuitBreaker().openDuration();
  }

  @RequestMapping(PATH_PREFIX + "{service}")
  public Mono<Void> serviceUnavailable(@PathVariable String service, ServerWebExchange exchange) {
    Throwable failure = exchange.getAttribute(CIRCUITBREAKER_EXECUTION_EXCEPTION_ATTR);
    if (failure == null) {
      return Mono.error(
          Refusal.notFound("not-found", "No resource exists at this path.").exception());
    }
    var tooLarge = UploadTooLargeException.in(failure);
    if (tooLarge.isPresent()) {
      return UploadLimitWebFilter.refuse(
          asOriginallyRequested(exchange), tooLarge.get().limitBytes());
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
    return ProblemWriter.write(asOriginallyRequested(exchange), problem);
  }

  /** The problem's {@code instance} is the path the client asked for, not this internal one. */
  private static ServerWebExchange asOriginallyRequested(ServerWebExchange exchange) {
    String path = exchange.getAttribute(EdgeHeadersWebFilter.ORIGINAL_PATH_ATTRIBUTE);
    if (path == null) {
      return exchange;
    }
    return exchange.mutate().request(request -> request.path(path)).build();
  }
}
