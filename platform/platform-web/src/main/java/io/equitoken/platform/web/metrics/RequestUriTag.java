package io.equitoken.platform.web.metrics;

import org.springframework.web.server.ServerWebExchange;

/**
 * The {@code uri} tag of a request's {@code http.server.requests} meter: a template, never the raw
 * path (one time series per route, not per listing id). The default reads the handler's matched
 * pattern; the gateway, where no handler pattern exists, names the route instead.
 */
@FunctionalInterface
public interface RequestUriTag {

  /** The tag's value when nothing in the exchange names a template. */
  String UNKNOWN = "UNKNOWN";

  /**
   * The template that served the exchange, or {@code null} when none did (a refusal before routing,
   * a path nothing serves).
   */
  String template(ServerWebExchange exchange);
}
