package io.equitoken.platform.web.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;

/**
 * {@code http.server.requests} for every service and the gateway, without Spring's per-request
 * observation (which cost about half the gateway's CPU per request): one timer per {@code method,
 * uri, status, outcome}, looked up in a map of its own and recorded once per request.
 *
 * <p>The time is taken when the response head is committed, so that it includes answers written
 * after the filter chain by the problem+json exception handler; a request whose client leaves
 * before any answer is recorded when it leaves, with {@code status="UNKNOWN"} and {@code
 * outcome="UNKNOWN"}. The tag names and values are Spring Boot's, so dashboards and alerts written
 * for Spring services work unchanged.
 */
public final class HttpServerMetricsWebFilter implements WebFilter, Ordered {

  /** Outside everything but the gateway's edge headers (-200): the whole request is timed. */
  public static final int ORDER = -190;

  /** The meter's name, the same as Spring Boot's. */
  public static final String METER = "http.server.requests";

  /** At most this many distinct tag sets; beyond it, requests count under {@code uri="OTHER"}. */
  static final int MAX_TIMERS = 2_000;

  private final MeterRegistry registry;
  private final RequestUriTag uriTag;
  private final ConcurrentMap<Key, Timer> timers = new ConcurrentHashMap<>();

  public HttpServerMetricsWebFilter(MeterRegistry registry, RequestUriTag uriTag) {
    this.registry = registry;
    this.uriTag = uriTag;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    long start = System.nanoTime();
    AtomicBoolean recorded = new AtomicBoolean();
    ServerHttpResponse response = exchange.getResponse();
    response.beforeCommit(
        () -> {
          // a response committed without a status set is a 200
          HttpStatusCode status = response.getStatusCode();
          record(exchange, status == null ? HttpStatus.OK : status, start, recorded);
          return Mono.empty();
        });
    // on an error the exception handler writes the answer after this chain: its commit records
    return chain
        .filter(exchange)
        .doFinally(
            signal -> {
              if (signal == SignalType.CANCEL) {
                record(exchange, null, start, recorded);
              }
            });
  }

  private void record(
      ServerWebExchange exchange, HttpStatusCode status, long start, AtomicBoolean recorded) {
    if (!recorded.compareAndSet(false, true)) {
      return;
    }
    long elapsed = System.nanoTime() - start;
    timer(exchange.getRequest().getMethod().name(), uri(exchange, status), status)
        .record(elapsed, TimeUnit.NANOSECONDS);
  }

  private String uri(ServerWebExchange exchange, HttpStatusCode status) {
    String template = uriTag.template(exchange);
    if (template != null) {
      return template.isEmpty() ? "root" : template;
    }
    if (status != null && status.value() == 404) {
      return "NOT_FOUND";
    }
    if (status != null && status.is3xxRedirection()) {
      return "REDIRECTION";
    }
    return RequestUriTag.UNKNOWN;
  }

  private Timer timer(String method, String uri, HttpStatusCode status) {
    Key key = new Key(method, uri, status == null ? 0 : status.value());
    Timer timer = timers.get(key);
    if (timer != null) {
      return timer;
    }
    Key bounded = timers.size() < MAX_TIMERS ? key : new Key(method, "OTHER", key.status());
    return timers.computeIfAbsent(bounded, this::register);
  }

  private Timer register(Key key) {
    return Timer.builder(METER)
        .description("HTTP server requests, timed to the response head")
        .tags(
            Tags.of(
                "method", key.method(),
                "uri", key.uri(),
                "status", key.status() == 0 ? "UNKNOWN" : Integer.toString(key.status()),
                "outcome", outcome(key.status()),
                "exception", "none"))
        .register(registry);
  }

  static String outcome(int status) {
    if (status >= 100 && status < 200) {
      return "INFORMATIONAL";
    }
    if (status >= 200 && status < 300) {
      return "SUCCESS";
    }
    if (status >= 300 && status < 400) {
      return "REDIRECTION";
    }
    if (status >= 400 && status < 500) {
      return "CLIENT_ERROR";
    }
    if (status >= 500 && status < 600) {
      return "SERVER_ERROR";
    }
    return "UNKNOWN";
  }

  @Override
  public int getOrder() {
    return ORDER;
  }

  private record Key(String method, String uri, int status) {}
}
