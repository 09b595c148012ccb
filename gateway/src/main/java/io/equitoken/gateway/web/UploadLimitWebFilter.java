package io.equitoken.gateway.web;

import io.equitoken.platform.web.CountedBody;
import io.equitoken.platform.web.problem.Problem;
import io.equitoken.platform.web.problem.ProblemWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;

/**
 * The services' upload caps, enforced at the edge first: a POST whose declared {@code
 * Content-Length} is over its route's cap is answered {@code 413} here, before authentication,
 * routing or a single body byte goes to the service. Before, the service answered 413 and closed
 * while the gateway was still streaming the body, which the client sometimes saw as {@code 503
 * unreachable} and which counted against the route's circuit breaker. Routes are matched on the
 * decoded path, as the service's mapping does ({@code /compliance/%6byc} too).
 *
 * <p>A body of unknown length (chunked) is counted as it streams to the service: the chunk that
 * would cross the cap is not forwarded, the call to the service is abandoned with {@link
 * UploadTooLargeException}, and the route's fallback answers the same {@code 413} (never {@code 503
 * unreachable}); the route's circuit breaker ignores that exception, so oversize uploads never open
 * it. The service therefore never sees more than the cap, the same as its own.
 */
public class UploadLimitWebFilter implements WebFilter, Ordered {

  /** Right after the edge headers (-200), before Spring Security (-100). */
  public static final int ORDER = -150;

  private final Map<PathPattern, Long> limits = new LinkedHashMap<>();

  /** {@code limits}: path pattern → largest accepted body in bytes. */
  public UploadLimitWebFilter(Map<String, Long> limits) {
    limits.forEach(
        (path, max) -> this.limits.put(PathPatternParser.defaultInstance.parse(path), max));
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    var request = exchange.getRequest();
    if (request.getMethod() != HttpMethod.POST) {
      return chain.filter(exchange);
    }
    long declared = request.getHeaders().getContentLength();
    for (var limit : limits.entrySet()) {
      if (!limit.getKey().matches(request.getPath().pathWithinApplication())) {
        continue;
      }
      long max = limit.getValue();
      if (declared > max) {
        return refuse(exchange, max);
      }
      if (declared < 0) {
        // the route's fallback answers the 413 too; this covers a failure that skips it
        return chain
            .filter(
                exchange
                    .mutate()
                    .request(
                        CountedBody.capped(request, max, () -> new UploadTooLargeException(max)))
                    .build())
            .onErrorResume(
                failure ->
                    UploadTooLargeException.in(failure).isPresent()
                        && !exchange.getResponse().isCommitted(),
                failure -> refuse(exchange, max));
      }
    }
    return chain.filter(exchange);
  }

  /** The 413 problem; the rest of the body is not read, so the connection is not reused. */
  public static Mono<Void> refuse(ServerWebExchange exchange, long limitBytes) {
    exchange.getResponse().getHeaders().set(HttpHeaders.CONNECTION, "close");
    return ProblemWriter.write(
        exchange,
        Problem.of(
                413,
                "submission-too-large",
                "Content too large",
                "The upload is larger than the limit of " + limitBytes + " bytes per submission.")
            .with("limitBytes", limitBytes));
  }

  @Override
  public int getOrder() {
    return ORDER;
  }
}
