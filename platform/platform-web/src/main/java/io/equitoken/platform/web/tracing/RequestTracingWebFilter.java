package io.equitoken.platform.web.tracing;

import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.contextpropagation.ObservationAwareSpanThreadLocalAccessor;
import io.micrometer.tracing.propagation.Propagator;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * One server span per request, continuing the caller's W3C {@code traceparent} (or starting a
 * trace), without Spring's per-request observation ({@code http.server.requests} stays off, issue
 * 12): the span and the {@code X-Request-Id} go into the Reactor context, from where automatic
 * context propagation puts them on every thread that runs the request's work — {@code
 * tracer.currentSpan()}, the log MDC ({@code traceId}, {@code spanId}, {@code requestId}), the
 * outbox's {@code traceparent}, observed {@code WebClient} calls.
 *
 * <p>With {@code forwardTraceparent} (the gateway) the request itself is rewritten to carry this
 * span's {@code traceparent}, so that a proxied call continues the trace.
 */
public final class RequestTracingWebFilter implements WebFilter, Ordered {

  /** After the gateway's edge headers (-200, which set {@code X-Request-Id}), before security. */
  public static final int ORDER = -150;

  /** Reactor context key of the request id (see {@link RequestIdAccessor}). */
  public static final String REQUEST_ID_KEY = RequestIdAccessor.KEY;

  private static final String REQUEST_ID_HEADER = "X-Request-Id";

  private final Tracer tracer;
  private final Propagator propagator;
  private final boolean forwardTraceparent;

  public RequestTracingWebFilter(Tracer tracer, Propagator propagator, boolean forwardTraceparent) {
    this.tracer = tracer;
    this.propagator = propagator;
    this.forwardTraceparent = forwardTraceparent;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    ServerHttpRequest request = exchange.getRequest();
    HttpHeaders headers = request.getHeaders();
    Span span =
        propagator
            .extract(headers, HttpHeaders::getFirst)
            .kind(Span.Kind.SERVER)
            .name("http " + request.getMethod().name().toLowerCase(java.util.Locale.ROOT))
            .start();
    String requestId = headers.getFirst(REQUEST_ID_HEADER);
    ServerWebExchange traced = exchange;
    if (forwardTraceparent) {
      ServerHttpRequest forwarded =
          request
              .mutate()
              .headers(h -> propagator.inject(span.context(), h, HttpHeaders::set))
              .build();
      traced = exchange.mutate().request(forwarded).build();
    }
    ServerWebExchange finalExchange = traced;
    return chain
        .filter(traced)
        .doOnError(span::error)
        .doFinally(
            signal -> {
              HttpStatusCode status = finalExchange.getResponse().getStatusCode();
              if (status != null) {
                span.tag("http.response.status_code", Integer.toString(status.value()));
              }
              span.end();
            })
        .contextWrite(
            context -> {
              Context withSpan = context.put(ObservationAwareSpanThreadLocalAccessor.KEY, span);
              return requestId == null ? withSpan : withSpan.put(REQUEST_ID_KEY, requestId);
            });
  }

  @Override
  public int getOrder() {
    return ORDER;
  }
}
