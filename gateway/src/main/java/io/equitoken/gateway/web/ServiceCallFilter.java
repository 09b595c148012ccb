package io.equitoken.gateway.web;

import io.netty.handler.timeout.ReadTimeoutException;
import java.time.Duration;
import org.springframework.cloud.client.circuitbreaker.ReactiveCircuitBreaker;
import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * A route's call to its service, through the service's circuit breaker, with the request body
 * streamed as it arrives: the service sees the first bytes at once and its answer (an early {@code
 * 413}, {@code 401}, ...) reaches the client as soon as it is given, without waiting for a body the
 * client may never finish. (Spring Cloud Gateway's own circuit-breaker filter with a fallback URI
 * reads the whole body into memory before it calls the service, to dispatch it again to the
 * fallback.)
 *
 * <p>{@code timeout} is the service's time to answer, counted from the moment the whole request has
 * gone out (for a request without a body: from the start), so a large upload from a slow but steady
 * client is not cut off by it. A body that pauses longer than {@code bodyReadTimeout} is abandoned
 * with a {@link ReadTimeoutException}, answered {@code 408} problem+json by platform-web and not
 * counted by the breaker. (The server's own read timeout closes the connection as it fires, before
 * an answer that has to come back from the service call can be written; it stays the backstop,
 * longer.) Failures go to {@link ServiceFallback}.
 */
public final class ServiceCallFilter implements GatewayFilter {

  private final String service;
  private final ReactiveCircuitBreaker breaker;
  private final ServiceFallback fallback;
  private final Duration timeout;
  private final Duration bodyReadTimeout;

  public ServiceCallFilter(
      String service,
      ReactiveCircuitBreaker breaker,
      ServiceFallback fallback,
      Duration timeout,
      Duration bodyReadTimeout) {
    this.service = service;
    this.breaker = breaker;
    this.fallback = fallback;
    this.timeout = timeout;
    this.bodyReadTimeout = bodyReadTimeout;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
    ServerHttpRequest request = exchange.getRequest();
    Mono<Void> call;
    if (hasBody(request)) {
      Sinks.Empty<Void> sent = Sinks.empty();
      ServerHttpRequest watched =
          new ServerHttpRequestDecorator(request) {
            @Override
            public Flux<DataBuffer> getBody() {
              return super.getBody()
                  .timeout(bodyReadTimeout, Flux.error(ReadTimeoutException.INSTANCE))
                  .doOnComplete(sent::tryEmitEmpty);
            }
          };
      call =
          chain
              .filter(exchange.mutate().request(watched).build())
              .timeout(sent.asMono().then(Mono.delay(timeout)).then(Mono.just(0)));
    } else {
      call = chain.filter(exchange).timeout(timeout);
    }
    return breaker.run(call, failure -> fallback.answer(exchange, service, failure));
  }

  private static boolean hasBody(ServerHttpRequest request) {
    return request.getHeaders().getContentLength() > 0
        || request.getHeaders().containsHeader("Transfer-Encoding");
  }

  @Override
  public String toString() {
    return "ServiceCallFilter{service=" + service + ", timeout=" + timeout + "}";
  }
}
