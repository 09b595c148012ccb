package io.equitoken.gateway.web;

import io.equitoken.gateway.headers.EdgeHeaders;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * First thing on every request, before authentication: drops client-sent identity headers, sets
 * {@code X-Request-Id} (the client's if sane, else a new UUID) so that services and problem bodies
 * carry it, and puts the request id and HSTS on every response, errors included. Response headers
 * are set just before commit, so that a service's own copy of them cannot duplicate ours.
 */
public class EdgeHeadersWebFilter implements WebFilter, Ordered {

  /** Before Spring Security (-100), so that even a 401 carries the request id. */
  public static final int ORDER = -200;

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    ServerHttpRequest request = exchange.getRequest();
    String requestId = EdgeHeaders.requestId(request.getHeaders().getFirst(EdgeHeaders.REQUEST_ID));
    ServerHttpRequest cleaned =
        request
            .mutate()
            .headers(
                headers -> {
                  headers.headerNames().stream()
                      .filter(EdgeHeaders::isClientIdentityHeader)
                      .toList()
                      .forEach(headers::remove);
                  headers.set(EdgeHeaders.REQUEST_ID, requestId);
                })
            .build();
    ServerHttpResponse response = exchange.getResponse();
    response.beforeCommit(
        () -> {
          HttpHeaders headers = response.getHeaders();
          headers.set(EdgeHeaders.HSTS, EdgeHeaders.HSTS_VALUE);
          headers.set(EdgeHeaders.REQUEST_ID, requestId);
          return Mono.empty();
        });
    return chain.filter(exchange.mutate().request(cleaned).build());
  }

  @Override
  public int getOrder() {
    return ORDER;
  }
}
