package io.equitoken.platform.web.problem;

import io.equitoken.platform.web.tracing.RequestTracingWebFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * A 4xx that something below the web filters completes without a body — Spring Boot's actuator for
 * an unknown health group ({@code GET /actuator/health/nosuch} → 404), an empty {@code
 * ResponseEntity}, a bare {@code setComplete()} — becomes the same problem+json as every other
 * refusal, through {@link ProblemWebExceptionHandler}. Responses that write a body of their own
 * (problems included) are left alone. In every service and the gateway.
 */
public final class BodilessRefusalWebFilter implements WebFilter, Ordered {

  private final ProblemWebExceptionHandler problems;

  public BodilessRefusalWebFilter(ProblemWebExceptionHandler problems) {
    this.problems = problems;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    ServerHttpResponse original = exchange.getResponse();
    ServerHttpResponse decorated =
        new ServerHttpResponseDecorator(original) {
          @Override
          public Mono<Void> setComplete() {
            HttpStatusCode status = getStatusCode();
            if (status == null || !status.is4xxClientError() || isCommitted()) {
              return super.setComplete();
            }
            // the problem goes to the undecorated response: no second pass through here
            getHeaders().remove("Content-Type");
            getHeaders().remove("Content-Length");
            return problems.handle(exchange, new ResponseStatusException(status));
          }
        };
    return chain.filter(exchange.mutate().response(decorated).build());
  }

  /**
   * Right after request tracing (its request id is on the exchange) and before Spring Security, so
   * that whatever security, the routes and the handlers complete bare is caught.
   */
  @Override
  public int getOrder() {
    return RequestTracingWebFilter.ORDER + 10;
  }
}
