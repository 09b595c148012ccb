package io.equitoken.gateway.web;

import java.util.Locale;
import java.util.Set;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;

/**
 * Only these request headers reach a service (an allow-list: a deny-list of identity-looking names
 * always misses one — {@code X-Investor-Id}, {@code X-Uid}, {@code X-HTTP-Method-Override}, …).
 * Runs last among the gateway's header filters, so headers the gateway itself would add (e.g.
 * {@code X-Forwarded-*}) are dropped too; services learn the caller only from the JWT.
 */
public final class ForwardedHeadersAllowList implements HttpHeadersFilter, Ordered {

  public static final Set<String> ALLOWED =
      Set.of(
          "accept",
          "accept-encoding",
          "accept-language",
          "authorization",
          "cache-control",
          "content-encoding",
          "content-language",
          "content-length",
          "content-type",
          "idempotency-key",
          "if-match",
          "if-modified-since",
          "if-none-match",
          "if-unmodified-since",
          "transfer-encoding",
          "user-agent",
          "x-request-id",
          "traceparent",
          "tracestate",
          "baggage");

  public static boolean isForwarded(String name) {
    return ALLOWED.contains(name.toLowerCase(Locale.ROOT));
  }

  @Override
  public HttpHeaders filter(HttpHeaders input, ServerWebExchange exchange) {
    HttpHeaders kept = new HttpHeaders();
    input.forEach(
        (name, values) -> {
          if (isForwarded(name)) {
            kept.addAll(name, values);
          }
        });
    return kept;
  }

  @Override
  public boolean supports(Type type) {
    return type == Type.REQUEST;
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
