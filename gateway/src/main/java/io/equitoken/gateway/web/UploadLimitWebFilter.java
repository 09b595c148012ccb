package io.equitoken.gateway.web;

import io.equitoken.platform.web.Problem;
import io.equitoken.platform.web.ProblemWriter;
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
 * unreachable} and which counted against the route's circuit breaker (issue 13, item 4). Routes are
 * matched on the decoded path, as the service's mapping does ({@code /compliance/%6byc} too). A
 * chunked body of unknown length is left to the service's own cap.
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
    long declared = request.getHeaders().getContentLength();
    if (request.getMethod() != HttpMethod.POST || declared < 0) {
      return chain.filter(exchange);
    }
    for (var limit : limits.entrySet()) {
      if (limit.getKey().matches(request.getPath().pathWithinApplication())
          && declared > limit.getValue()) {
        // the rest of the body is not read: the connection is not reused
        exchange.getResponse().getHeaders().set(HttpHeaders.CONNECTION, "close");
        return ProblemWriter.write(
            exchange,
            Problem.of(
                    413,
                    "submission-too-large",
                    "Content too large",
                    "The upload is larger than the limit of "
                        + limit.getValue()
                        + " bytes per submission.")
                .with("limitBytes", limit.getValue()));
      }
    }
    return chain.filter(exchange);
  }

  @Override
  public int getOrder() {
    return ORDER;
  }
}
